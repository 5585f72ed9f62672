import type { ResourceDescriptor } from '../types';
import { publishingFields, scheduledContent } from '../publishing';

export const member = {
  name: 'member',
  // Each record is one person's: every field says what it holds about them (issue 49).
  describes: 'people',
  api: { prefix: 'member', body: 'multipart' },
  table: 'member',
  idField: 'id',
  statusField: 'status',
  titleField: 'title',
  menu: { group: 'website', icon: 'Groups', aliases: ['/members'], position: 53 },
  dialog: 'md',
  // The spec's dialog order; the list shows the picture first.
  formOrder: ['title', 'url', 'logo', 'status'],
  ...scheduledContent,
  fields: [
    { name: 'logo', kind: 'image', personal: 'personal', list: true, thumbnail: [80, 80] },
    { name: 'title', kind: 'text', personal: 'personal', required: true, list: true, search: true },
    { name: 'url', kind: 'url', personal: 'personal', list: true },
    { name: 'status', kind: 'status', personal: 'none', default: 1, list: true },
    ...publishingFields,
  ],
} as const satisfies ResourceDescriptor;

export default member;
