import type { ResourceDescriptor } from '../types';

export const donation = {
  name: 'donation',
  api: { prefix: 'donation', body: 'multipart' },
  table: 'donation',
  idField: 'id',
  statusField: 'status',
  titleField: 'title',
  menu: { group: 'website', icon: 'VolunteerActivism', aliases: ['/donations'], position: 58 },
  dialog: 'md',
  // The spec's dialog order; the list shows the picture first.
  formOrder: ['title', 'description', 'thumbnail', 'status'],
  fields: [
    { name: 'thumbnail', kind: 'image', list: true, thumbnail: [120, 80] },
    { name: 'title', kind: 'text', required: true, list: true, search: true },
    { name: 'description', kind: 'longText', wide: true },
    { name: 'status', kind: 'status', default: 1, list: true },
  ],
} as const satisfies ResourceDescriptor;

export default donation;
