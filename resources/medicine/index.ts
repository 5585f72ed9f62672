import type { ResourceDescriptor } from '../types';

export const medicine = {
  name: 'medicine',
  api: { prefix: 'medicine', body: 'multipart' },
  table: 'medicine',
  idField: 'medicine_id',
  statusField: 'medicine_status',
  titleField: 'medicine_name',
  menu: { group: 'pharmacy', icon: 'Medication', aliases: ['/pharmacy', '/pharmacy/medicine-list'], position: 21 },
  dialog: 'xl',
  fields: [
    { name: 'medicine_picture', kind: 'image', personal: 'none', list: true, thumbnail: [50, 50] },
    { name: 'medicine_code', kind: 'text', personal: 'none', required: true, unique: true, list: true, search: true, maxLength: 50 },
    { name: 'medicine_name', kind: 'text', personal: 'none', required: true, list: true, search: true, maxLength: 200 },
    {
      name: 'medicine_category',
      kind: 'reference',
      personal: 'none',
      reference: 'pharmacy-category',
      embedAs: 'pharmacy_category',
      list: true,
      filter: true,
    },
    { name: 'medicine_purchase_price', kind: 'money', personal: 'none', default: 0, min: 0, list: true },
    { name: 'medicine_sales_price', kind: 'money', personal: 'none', default: 0, min: 0, list: true },
    {
      name: 'medicine_sales_profit',
      kind: 'money',
      personal: 'none',
      default: 0,
      derived: { minus: ['medicine_sales_price', 'medicine_purchase_price'] },
    },
    { name: 'medicine_description', kind: 'richText', personal: 'none', wide: true },
    { name: 'medicine_status', kind: 'status', personal: 'none', default: 1, list: true },
  ],
} as const satisfies ResourceDescriptor;

export default medicine;
