import type { ResourceDescriptor } from '../types';

export const opticsCategory = {
  name: 'optics-category',
  api: { prefix: 'optics-category', body: 'json' },
  table: 'optics_category',
  idField: 'optics_category_id',
  statusField: 'optics_category_status',
  titleField: 'optics_category_name',
  menu: { group: 'optics', icon: 'Category', aliases: ['/optics/optics-category'], position: 30 },
  dialog: 'sm',
  fields: [
    { name: 'optics_category_code', kind: 'text', personal: 'none', required: true, unique: true, list: true, search: true, maxLength: 50 },
    { name: 'optics_category_name', kind: 'text', personal: 'none', required: true, list: true, search: true, maxLength: 150 },
    { name: 'optics_category_status', kind: 'status', personal: 'none', default: 1, list: true },
  ],
} as const satisfies ResourceDescriptor;

export default opticsCategory;
