import type { ResourceDescriptor } from '../types';
import { publishingFields, scheduledContent } from '../publishing';

export const schedule = {
  name: 'schedule',
  api: { prefix: 'schedule', body: 'multipart' },
  table: 'schedule',
  idField: 'id',
  statusField: 'status',
  titleField: 'hospital',
  menu: { group: 'website', icon: 'EventNote', aliases: ['/schedules'], position: 57 },
  dialog: 'md',
  ...scheduledContent,
  fields: [
    { name: 'hospital', kind: 'text', personal: 'none', required: true, list: true, search: true },
    { name: 'day', kind: 'text', personal: 'none', required: true, list: true, search: true },
    { name: 'visiting_hours', kind: 'text', personal: 'none', required: true, list: true },
    { name: 'url', kind: 'url', personal: 'none', list: true },
    { name: 'logo', kind: 'image', personal: 'none', formHidden: true },
    { name: 'status', kind: 'status', personal: 'none', default: 1, list: true },
    ...publishingFields,
  ],
} as const satisfies ResourceDescriptor;

export default schedule;
