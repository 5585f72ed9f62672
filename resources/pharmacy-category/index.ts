import type { ResourceDescriptor } from '../types';

export const pharmacyCategory = {
  name: 'pharmacy-category',
  api: { prefix: 'pharmacy-category', body: 'json' },
  table: 'pharmacy_category',
  idField: 'pharmacy_category_id',
  statusField: 'pharmacy_category_status',
  titleField: 'pharmacy_category_name',
  menu: { group: 'pharmacy', icon: 'Category', aliases: ['/pharmacy/pharmacy-category'], position: 20 },
  dialog: 'sm',
  fields: [
    {
      name: 'pharmacy_category_code',
      kind: 'text',
      personal: 'none',
      required: true,
      unique: true,
      list: true,
      search: true,
      maxLength: 50,
    },
    { name: 'pharmacy_category_name', kind: 'text', personal: 'none', required: true, list: true, search: true, maxLength: 150 },
    { name: 'pharmacy_category_status', kind: 'status', personal: 'none', default: 1, list: true },
  ],
} as const satisfies ResourceDescriptor;

export default pharmacyCategory;
