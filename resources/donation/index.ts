import type { ResourceDescriptor } from '../types';

export const donation = {
  name: 'donation',
  // Each record is one person's: every field says what it holds about them (issue 49).
  describes: 'people',
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
    { name: 'thumbnail', kind: 'image', personal: 'personal', list: true, thumbnail: [120, 80] },
    { name: 'title', kind: 'text', personal: 'personal', required: true, list: true, search: true },
    { name: 'description', kind: 'longText', personal: 'personal', wide: true },
    { name: 'status', kind: 'status', personal: 'none', default: 1, list: true },
  ],
} as const satisfies ResourceDescriptor;

export default donation;
