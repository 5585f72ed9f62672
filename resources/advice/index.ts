import type { ResourceDescriptor } from '../types';
import { publishingFields, scheduledContent } from '../publishing';

export const advice = {
  name: 'advice',
  api: { prefix: 'advice', body: 'multipart' },
  table: 'advice',
  idField: 'id',
  statusField: 'status',
  titleField: 'title',
  menu: { group: 'website', icon: 'TipsAndUpdates', aliases: ['/advices'], position: 55 },
  dialog: 'md',
  ...scheduledContent,
  fields: [
    { name: 'title', kind: 'text', personal: 'none', required: true, list: true, search: true },
    { name: 'description', kind: 'longText', personal: 'none', list: true, search: true, wide: true },
    { name: 'logo', kind: 'image', personal: 'none', formHidden: true },
    { name: 'status', kind: 'status', personal: 'none', default: 1, list: true },
    ...publishingFields,
  ],
} as const satisfies ResourceDescriptor;

export default advice;
