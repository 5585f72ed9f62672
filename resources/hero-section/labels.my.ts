import type { ResourceLabels } from '../labels';
import { publishingLabels } from '../publishing';

/** Burmese labels of "hero-section". */
export default {
  name: 'ထိပ်ဆုံး ကဏ္ဍ |||| ထိပ်ဆုံး ကဏ္ဍ',
  menu: 'ထိပ်ဆုံး ကဏ္ဍ',
  fields: {
    ...publishingLabels.my,
    title_1: 'ခေါင်းစဉ် ၁',
    title_2: 'ခေါင်းစဉ် ၂',
    specialist: 'အထူးကု',
    main_picture: 'အဓိက ပုံ',
    left_picture: 'ဘယ်ဘက် ပုံ',
    right_picture: 'ညာဘက် ပုံ',
  },
} satisfies ResourceLabels;
