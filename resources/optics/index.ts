import type { ResourceDescriptor } from '../types';

const FRAME = { field: 'optics_type', in: ['Frame', 'Optical'] } as const;
const LENS = { field: 'optics_type', in: ['Lens', 'Optical'] } as const;

export const optics = {
  name: 'optics',
  api: { prefix: 'optics', body: 'multipart' },
  table: 'optics',
  idField: 'optics_id',
  statusField: 'optics_status',
  titleField: 'optics_name',
  menu: { group: 'optics', icon: 'Visibility', aliases: ['/optics/optics-list'], position: 31 },
  dialog: 'lg',
  fields: [
    { name: 'optics_picture', kind: 'imageList', personal: 'none', list: true, thumbnail: [50, 50], wide: true },
    { name: 'optics_code', kind: 'text', personal: 'none', required: true, unique: true, list: true, search: true, maxLength: 50 },
    { name: 'optics_name', kind: 'text', personal: 'none', required: true, list: true, search: true, maxLength: 200 },
    { name: 'optics_sku', kind: 'text', personal: 'none', search: true },
    {
      name: 'optics_category',
      kind: 'reference',
      personal: 'none',
      reference: 'optics-category',
      embedAs: 'category',
      list: true,
      filter: true,
    },
    {
      name: 'optics_type',
      kind: 'choice',
      personal: 'none',
      choices: ['Accessory', 'Frame', 'Lens', 'Optical'],
      default: 'Optical',
      required: true,
      filter: true,
    },
    {
      name: 'optics_frame_material',
      kind: 'choice',
      personal: 'none',
      choices: ['Metal', 'Plastic', 'Titanium', 'Wood', 'Combination', 'Others'],
      default: 'Plastic',
      visibleWhen: FRAME,
    },
    {
      name: 'optics_frame_shape',
      kind: 'choice',
      personal: 'none',
      choices: ['Round', 'Rectangle', 'Cat Eye', 'Aviator', 'Wayfarer', 'Oval', 'Geometric', 'Others'],
      default: 'Rectangle',
      visibleWhen: FRAME,
    },
    {
      name: 'optics_lens_type',
      kind: 'choice',
      personal: 'none',
      choices: ['Single Vision', 'Bifocal', 'Progressive', 'Reading', 'Non-Prescription', 'Others'],
      default: 'Single Vision',
      visibleWhen: LENS,
    },
    { name: 'optics_lens_power', kind: 'text', personal: 'none', visibleWhen: LENS },
    { name: 'optics_coating', kind: 'text', personal: 'none' },
    { name: 'optics_batch_no', kind: 'text', personal: 'none' },
    { name: 'optics_expiry_date', kind: 'date', personal: 'none' },
    { name: 'optics_stock_qty', kind: 'integer', personal: 'none', default: 0, min: 0 },
    { name: 'optics_purchase_price', kind: 'money', personal: 'none', default: 0, min: 0, list: true },
    { name: 'optics_sales_price', kind: 'money', personal: 'none', default: 0, min: 0, list: true },
    {
      name: 'optics_sales_profit',
      kind: 'money',
      personal: 'none',
      default: 0,
      derived: { minus: ['optics_sales_price', 'optics_purchase_price'] },
    },
    { name: 'optics_description', kind: 'richText', personal: 'none', wide: true },
    { name: 'optics_status', kind: 'status', personal: 'none', default: 1, list: true },
  ],
} as const satisfies ResourceDescriptor;

export default optics;
