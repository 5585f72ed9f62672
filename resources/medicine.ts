import type { ResourceDescriptor } from './types';

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
    { name: 'medicine_picture', kind: 'image', list: true, thumbnail: [50, 50] },
    { name: 'medicine_code', kind: 'text', required: true, unique: true, list: true, search: true, maxLength: 50 },
    { name: 'medicine_name', kind: 'text', required: true, list: true, search: true, maxLength: 200 },
    { name: 'medicine_category', kind: 'reference', reference: 'pharmacy-category', embedAs: 'pharmacy_category', list: true, filter: true },
    { name: 'medicine_purchase_price', kind: 'money', default: 0, min: 0, list: true },
    { name: 'medicine_sales_price', kind: 'money', default: 0, min: 0, list: true },
    { name: 'medicine_sales_profit', kind: 'money', default: 0, derived: { minus: ['medicine_sales_price', 'medicine_purchase_price'] } },
    { name: 'medicine_description', kind: 'richText', wide: true },
    { name: 'medicine_status', kind: 'status', default: 1, list: true },
  ],
  seed: [
    { medicine_code: 'NAPA-500', medicine_name: 'Napa 500 mg (Paracetamol)', medicine_category: 'ANL', medicine_purchase_price: 0.8, medicine_sales_price: 1.2, medicine_description: '<p>Paracetamol tablet for fever and mild pain.</p>', medicine_picture: 'Napa 500' },
    { medicine_code: 'AMOX-250', medicine_name: 'Amoxicillin 250 mg capsule', medicine_category: 'ABX', medicine_purchase_price: 4.5, medicine_sales_price: 6, medicine_description: '<p>Broad-spectrum penicillin antibiotic. <strong>Prescription only.</strong></p>', medicine_picture: 'Amoxicillin' },
    { medicine_code: 'OMEP-20', medicine_name: 'Omeprazole 20 mg', medicine_category: 'ANT', medicine_purchase_price: 3, medicine_sales_price: 5, medicine_picture: 'Omeprazole' },
    { medicine_code: 'VITD-1000', medicine_name: 'Vitamin D3 1000 IU', medicine_category: 'VIT', medicine_purchase_price: 7.25, medicine_sales_price: 10, medicine_status: 0 },
  ],
} as const satisfies ResourceDescriptor;
