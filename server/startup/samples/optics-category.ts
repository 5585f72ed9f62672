import type { Sample } from './types';

/** Sample records of "optics-category" (resources/optics-category.ts), inserted at first start. */
export const opticsCategory: readonly Sample[] = [
  { optics_category_code: 'FRM', optics_category_name: 'Frames' },
  { optics_category_code: 'LNS', optics_category_name: 'Lenses' },
  { optics_category_code: 'SUN', optics_category_name: 'Sunglasses' },
  { optics_category_code: 'ACC', optics_category_name: 'Accessories' },
];
