import type { Sample } from '../sample';

/** Sample records of "optics-category" (its descriptor is index.ts), inserted at first start for a demo (server-only: the console never imports it). */
const samples: readonly Sample[] = [
  { optics_category_code: 'FRM', optics_category_name: 'Frames' },
  { optics_category_code: 'LNS', optics_category_name: 'Lenses' },
  { optics_category_code: 'SUN', optics_category_name: 'Sunglasses' },
  { optics_category_code: 'ACC', optics_category_name: 'Accessories' },
];

export default samples;
