import type { Sample } from '../sample';

/** Sample records of "pharmacy-category" (its descriptor is index.ts), inserted at first start for a demo (server-only: the console never imports it). */
const samples: readonly Sample[] = [
  { pharmacy_category_code: 'ANL', pharmacy_category_name: 'Analgesics' },
  { pharmacy_category_code: 'ABX', pharmacy_category_name: 'Antibiotics' },
  { pharmacy_category_code: 'ANT', pharmacy_category_name: 'Antacids' },
  { pharmacy_category_code: 'VIT', pharmacy_category_name: 'Vitamins & Supplements' },
];

export default samples;
