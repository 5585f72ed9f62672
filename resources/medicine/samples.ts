import { byUnique, type Sample } from '../sample';

/** Sample records of "medicine" (its descriptor is index.ts), inserted at first start for a demo (server-only: the console never imports it). */
const samples: readonly Sample[] = [
  {
    medicine_code: 'NAPA-500',
    medicine_name: 'Napa 500 mg (Paracetamol)',
    medicine_category: byUnique('pharmacy_category_code', 'ANL'),
    medicine_purchase_price: 0.8,
    medicine_sales_price: 1.2,
    medicine_description: '<p>Paracetamol tablet for fever and mild pain.</p>',
    medicine_picture: 'Napa 500',
  },
  {
    medicine_code: 'AMOX-250',
    medicine_name: 'Amoxicillin 250 mg capsule',
    medicine_category: byUnique('pharmacy_category_code', 'ABX'),
    medicine_purchase_price: 4.5,
    medicine_sales_price: 6,
    medicine_description: '<p>Broad-spectrum penicillin antibiotic. <strong>Prescription only.</strong></p>',
    medicine_picture: 'Amoxicillin',
  },
  {
    medicine_code: 'OMEP-20',
    medicine_name: 'Omeprazole 20 mg',
    medicine_category: byUnique('pharmacy_category_code', 'ANT'),
    medicine_purchase_price: 3,
    medicine_sales_price: 5,
    medicine_picture: 'Omeprazole',
  },
  {
    medicine_code: 'VITD-1000',
    medicine_name: 'Vitamin D3 1000 IU',
    medicine_category: byUnique('pharmacy_category_code', 'VIT'),
    medicine_purchase_price: 7.25,
    medicine_sales_price: 10,
    medicine_status: 0,
  },
];

export default samples;
