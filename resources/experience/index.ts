import type { ResourceDescriptor } from '../types';
import { publishingFields, scheduledContent } from '../publishing';

export const experience = {
  name: 'experience',
  api: { prefix: 'experience', body: 'multipart' },
  table: 'experience',
  idField: 'id',
  statusField: 'status',
  titleField: 'title',
  menu: { group: 'website', icon: 'WorkHistory', aliases: ['/experiences'], position: 52 },
  dialog: 'md',
  // The spec's dialog order; the list shows the picture first.
  formOrder: ['title', 'description', 'logo', 'status'],
  ...scheduledContent,
  fields: [
    { name: 'logo', kind: 'image', personal: 'none', list: true, thumbnail: [80, 80] },
    { name: 'title', kind: 'text', personal: 'none', required: true, list: true, search: true },
    { name: 'description', kind: 'longText', personal: 'none', list: true, search: true, wide: true },
    { name: 'status', kind: 'status', personal: 'none', default: 1, list: true },
    ...publishingFields,
  ],
} as const satisfies ResourceDescriptor;

export default experience;
