import type { ResourceDescriptor } from '../types';
import { publishingFields, scheduledContent } from '../publishing';

export const education = {
  name: 'education',
  api: { prefix: 'education', body: 'multipart' },
  table: 'education',
  idField: 'id',
  statusField: 'status',
  titleField: 'title',
  menu: { group: 'website', icon: 'School', aliases: ['/educations'], position: 54 },
  dialog: 'md',
  // The spec's dialog order; the list shows the picture first.
  formOrder: ['title', 'institute', 'description', 'logo', 'status'],
  ...scheduledContent,
  fields: [
    { name: 'logo', kind: 'image', personal: 'none', list: true, thumbnail: [80, 80] },
    { name: 'title', kind: 'text', personal: 'none', required: true, list: true, search: true },
    { name: 'institute', kind: 'text', personal: 'none', required: true, list: true, search: true },
    { name: 'description', kind: 'longText', personal: 'none', wide: true },
    { name: 'status', kind: 'status', personal: 'none', default: 1, list: true },
    ...publishingFields,
  ],
} as const satisfies ResourceDescriptor;

export default education;
