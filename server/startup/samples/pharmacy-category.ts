import type { Sample } from './types';

/** Sample records of "pharmacy-category" (resources/pharmacy-category.ts), inserted at first start. */
export const pharmacyCategory: readonly Sample[] = [
  { pharmacy_category_code: 'ANL', pharmacy_category_name: 'Analgesics' },
  { pharmacy_category_code: 'ABX', pharmacy_category_name: 'Antibiotics' },
  { pharmacy_category_code: 'ANT', pharmacy_category_name: 'Antacids' },
  { pharmacy_category_code: 'VIT', pharmacy_category_name: 'Vitamins & Supplements' },
];
