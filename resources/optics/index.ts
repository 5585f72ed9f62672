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
    { name: 'optics_picture', kind: 'imageList', list: true, thumbnail: [50, 50], wide: true },
    { name: 'optics_code', kind: 'text', required: true, unique: true, list: true, search: true, maxLength: 50 },
    { name: 'optics_name', kind: 'text', required: true, list: true, search: true, maxLength: 200 },
    { name: 'optics_sku', kind: 'text', search: true },
    { name: 'optics_category', kind: 'reference', reference: 'optics-category', embedAs: 'category', list: true, filter: true },
    {
      name: 'optics_type',
      kind: 'choice',
      choices: ['Accessory', 'Frame', 'Lens', 'Optical'],
      default: 'Optical',
      required: true,
      filter: true,
    },
    {
      name: 'optics_frame_material',
      kind: 'choice',
      choices: ['Metal', 'Plastic', 'Titanium', 'Wood', 'Combination', 'Others'],
      default: 'Plastic',
      visibleWhen: FRAME,
    },
    {
      name: 'optics_frame_shape',
      kind: 'choice',
      choices: ['Round', 'Rectangle', 'Cat Eye', 'Aviator', 'Wayfarer', 'Oval', 'Geometric', 'Others'],
      default: 'Rectangle',
      visibleWhen: FRAME,
    },
    {
      name: 'optics_lens_type',
      kind: 'choice',
      choices: ['Single Vision', 'Bifocal', 'Progressive', 'Reading', 'Non-Prescription', 'Others'],
      default: 'Single Vision',
      visibleWhen: LENS,
    },
    { name: 'optics_lens_power', kind: 'text', visibleWhen: LENS },
    { name: 'optics_coating', kind: 'text' },
    { name: 'optics_batch_no', kind: 'text' },
    { name: 'optics_expiry_date', kind: 'date' },
    { name: 'optics_stock_qty', kind: 'integer', default: 0, min: 0 },
    { name: 'optics_purchase_price', kind: 'money', default: 0, min: 0, list: true },
    { name: 'optics_sales_price', kind: 'money', default: 0, min: 0, list: true },
    { name: 'optics_sales_profit', kind: 'money', default: 0, derived: { minus: ['optics_sales_price', 'optics_purchase_price'] } },
    { name: 'optics_description', kind: 'richText', wide: true },
    { name: 'optics_status', kind: 'status', default: 1, list: true },
  ],
} as const satisfies ResourceDescriptor;

export default optics;
