import type { ResourceDescriptor } from './types';

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
    { name: 'optics_type', kind: 'choice', choices: ['Accessory', 'Frame', 'Lens', 'Optical'], default: 'Optical', required: true, filter: true },
    {
      name: 'optics_frame_material', kind: 'choice', choices: ['Metal', 'Plastic', 'Titanium', 'Wood', 'Combination', 'Others'],
      default: 'Plastic', visibleWhen: FRAME,
    },
    {
      name: 'optics_frame_shape', kind: 'choice', choices: ['Round', 'Rectangle', 'Cat Eye', 'Aviator', 'Wayfarer', 'Oval', 'Geometric', 'Others'],
      default: 'Rectangle', visibleWhen: FRAME,
    },
    {
      name: 'optics_lens_type', kind: 'choice', choices: ['Single Vision', 'Bifocal', 'Progressive', 'Reading', 'Non-Prescription', 'Others'],
      default: 'Single Vision', visibleWhen: LENS,
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
  seed: [
    {
      optics_code: 'RB-3025', optics_name: 'Ray-Ban Aviator Classic RB3025', optics_sku: 'RB3025-L0205-58', optics_category: 'SUN',
      optics_type: 'Frame', optics_frame_material: 'Metal', optics_frame_shape: 'Aviator', optics_coating: 'UV400 polarised',
      optics_stock_qty: 6, optics_purchase_price: 14500, optics_sales_price: 18900,
      optics_description: '<p>Gold metal frame with green G-15 lenses. <strong>100% UV protection.</strong></p>',
      optics_picture: ['Ray-Ban front', 'Ray-Ban side'],
    },
    {
      optics_code: 'TTN-OPT-201', optics_name: 'Titan Full-Rim Spectacles with Blue-Cut Lens', optics_sku: 'TTN-TW1021-BLK', optics_category: 'FRM',
      optics_type: 'Optical', optics_frame_material: 'Titanium', optics_frame_shape: 'Rectangle', optics_lens_type: 'Single Vision',
      optics_lens_power: 'R -1.25 / L -1.50', optics_coating: 'Blue-cut anti-reflective',
      optics_stock_qty: 12, optics_purchase_price: 4200, optics_sales_price: 6500,
      optics_description: '<p>Lightweight titanium frame fitted with single-vision blue-cut lenses.</p>',
      optics_picture: ['Titan spectacles'],
    },
    {
      optics_code: 'ESS-VRX-PRG', optics_name: 'Essilor Varilux Progressive Lens (pair)', optics_sku: 'ESS-VRX-156', optics_category: 'LNS',
      optics_type: 'Lens', optics_lens_type: 'Progressive', optics_lens_power: '+1.50 Add +2.00', optics_coating: 'Crizal Sapphire HR',
      optics_batch_no: 'ESL-2024-0917', optics_expiry_date: '2027-09-30',
      optics_stock_qty: 20, optics_purchase_price: 9800, optics_sales_price: 13500,
      optics_picture: ['Varilux lens'],
    },
    {
      optics_code: 'ACC-CLN-01', optics_name: 'Lens Cleaning Kit (spray + microfibre cloth)', optics_sku: 'ACC-CLN-60ML', optics_category: 'ACC',
      optics_type: 'Accessory', optics_batch_no: 'CLN-2401', optics_expiry_date: '2026-12-31',
      optics_stock_qty: 0, optics_purchase_price: 120, optics_sales_price: 250, optics_status: 0,
    },
  ],
} as const satisfies ResourceDescriptor;
