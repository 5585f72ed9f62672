import type { ResourceDescriptor } from '../types';
import { publishingFields, scheduledContent } from '../publishing';

export const chamber = {
  name: 'chamber',
  api: { prefix: 'chamber', body: 'multipart' },
  table: 'chamber',
  idField: 'id',
  statusField: 'status',
  titleField: 'title',
  menu: { group: 'website', icon: 'MeetingRoom', aliases: ['/chambers'], position: 56 },
  dialog: 'md',
  ...scheduledContent,
  fields: [
    { name: 'title', kind: 'text', personal: 'none', required: true, list: true, search: true },
    { name: 'description', kind: 'richText', personal: 'none', list: true, listAsHtml: true, wide: true },
    { name: 'logo', kind: 'image', personal: 'none', formHidden: true },
    { name: 'status', kind: 'status', personal: 'none', default: 1, list: true },
    ...publishingFields,
  ],
} as const satisfies ResourceDescriptor;

export default chamber;
