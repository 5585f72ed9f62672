import type { ResourceLabels } from '../labels';
import { publishingLabels } from '../publishing';

/** Bangla labels of "blog-photos". */
export default {
  name: 'ব্লগ ছবি |||| ব্লগ ছবিসমূহ',
  menu: 'ব্লগ ছবি',
  choices: { type: { Slider: 'স্লাইডার', Campaign: 'প্রচারণা' } },
  fields: {
    ...publishingLabels.bn,
    thumbnail: 'ছবি',
    title: 'শিরোনাম',
    description: 'বিবরণ',
    type: 'ধরন',
    status: 'অবস্থা',
  },
} satisfies ResourceLabels;
