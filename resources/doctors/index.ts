import type { ResourceDescriptor } from '../types';
import { publishingFields, scheduledContent } from '../publishing';

export const doctors = {
  name: 'doctors',
  // Each record is one person's: every field says what it holds about them (issue 49).
  describes: 'people',
  api: { prefix: 'doctors', body: 'multipart' },
  table: 'doctor',
  idField: 'id',
  statusField: 'status',
  titleField: 'name',
  menu: { group: 'doctors', icon: 'MedicalServices', aliases: ['/doctorss'], position: 10 },
  dialog: 'xl',
  ...scheduledContent,
  fields: [
    { name: 'picture', kind: 'image', personal: 'personal', list: true, thumbnail: [80, 80] },
    { name: 'name', kind: 'text', personal: 'personal', required: true, list: true, search: true, maxLength: 150 },
    { name: 'title', kind: 'text', personal: 'personal', required: true, list: true, search: true, maxLength: 200 },
    {
      name: 'doctor_department',
      kind: 'reference',
      personal: 'personal',
      reference: 'department',
      embedAs: 'department',
      required: true,
      list: true,
      filter: true,
    },
    { name: 'short_description', kind: 'richText', personal: 'personal', wide: true },
    { name: 'description', kind: 'richText', personal: 'personal', wide: true },
    {
      name: 'degrees',
      kind: 'rows',
      personal: 'personal',
      wide: true,
      of: [
        { name: 'degree_name', kind: 'text', required: true },
        { name: 'institiute', kind: 'text', required: true },
      ],
    },
    {
      name: 'experience',
      kind: 'rows',
      personal: 'personal',
      wide: true,
      of: [
        { name: 'designation', kind: 'text', required: true },
        { name: 'organigation', kind: 'text', required: true },
        { name: 'durations', kind: 'text', required: true },
      ],
    },
    {
      name: 'appointment',
      kind: 'rows',
      personal: 'personal',
      wide: true,
      of: [
        { name: 'days', kind: 'text', required: true },
        { name: 'times', kind: 'text', required: true },
      ],
    },
    {
      name: 'contact',
      kind: 'rows',
      personal: 'personal',
      wide: true,
      of: [
        { name: 'phone', kind: 'phone', required: true },
        { name: 'email', kind: 'email', required: true },
      ],
    },
    { name: 'status', kind: 'status', personal: 'none', default: 1, list: true },
    ...publishingFields,
  ],
} as const satisfies ResourceDescriptor;

export default doctors;
