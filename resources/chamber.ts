import type { ResourceDescriptor } from './types';

export const chamber = {
  name: 'chamber',
  api: { prefix: 'chamber', body: 'multipart' },
  table: 'chamber',
  idField: 'id',
  statusField: 'status',
  titleField: 'title',
  menu: { group: 'website', icon: 'MeetingRoom', aliases: ['/chambers'], position: 56 },
  dialog: 'md',
  fields: [
    { name: 'title', kind: 'text', required: true, list: true, search: true },
    { name: 'description', kind: 'richText', list: true, listAsHtml: true, wide: true },
    { name: 'logo', kind: 'image', formHidden: true },
    { name: 'status', kind: 'status', default: 1, list: true },
  ],
  seed: [
    {
      title: 'Green Life Medical Hospital, Dhanmondi',
      description: '<p>Room 405, 4th floor<br>House 32, Road 11, Dhanmondi, Dhaka</p><p><strong>Serial:</strong> +880 1711 000000</p>',
    },
    {
      title: 'Popular Diagnostic Centre, Shantinagar',
      description: '<p>Room 602, 6th floor<br>11/1 Shantinagar, Dhaka</p><p><strong>Serial:</strong> +880 1811 445566</p>',
    },
    {
      title: 'Labaid Specialized Hospital, Gulshan',
      description: '<p>Chamber 3, 2nd floor<br>Plot 10, Road 90, Gulshan 2, Dhaka</p>',
      status: 0,
    },
  ],
} as const satisfies ResourceDescriptor;
