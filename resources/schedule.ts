import type { ResourceDescriptor } from './types';

export const schedule = {
  name: 'schedule',
  api: { prefix: 'schedule', body: 'multipart' },
  table: 'schedule',
  idField: 'id',
  statusField: 'status',
  titleField: 'hospital',
  menu: { group: 'website', icon: 'EventNote', aliases: ['/schedules'], position: 57 },
  dialog: 'md',
  fields: [
    { name: 'hospital', kind: 'text', required: true, list: true, search: true },
    { name: 'day', kind: 'text', required: true, list: true, search: true },
    { name: 'visiting_hours', kind: 'text', required: true, list: true },
    { name: 'url', kind: 'url', list: true },
    { name: 'logo', kind: 'image', formHidden: true },
    { name: 'status', kind: 'status', default: 1, list: true },
  ],
  seed: [
    {
      hospital: 'Green Life Medical Hospital, Dhanmondi',
      day: 'Saturday - Wednesday',
      visiting_hours: '5:00 PM - 9:00 PM',
      url: 'https://greenlifehospital.com.bd',
    },
    {
      hospital: 'Popular Diagnostic Centre, Shantinagar',
      day: 'Thursday',
      visiting_hours: '3:00 PM - 8:00 PM',
      url: 'https://www.populardiagnostic.com',
    },
    {
      hospital: 'Labaid Specialized Hospital, Gulshan',
      day: 'Friday',
      visiting_hours: '10:00 AM - 1:00 PM',
      url: 'https://www.labaidgroup.com',
      status: 0,
    },
  ],
} as const satisfies ResourceDescriptor;
