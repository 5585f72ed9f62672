import type { ResourceLabels } from '../labels';
import { publishingLabels } from '../publishing';

/** Bangla labels of "hero-section". */
export default {
  name: 'প্রধান অংশ |||| প্রধান অংশ',
  menu: 'প্রধান অংশ',
  fields: {
    ...publishingLabels.bn,
    title_1: 'শিরোনাম ১',
    title_2: 'শিরোনাম ২',
    specialist: 'বিশেষজ্ঞ',
    main_picture: 'প্রধান ছবি',
    left_picture: 'বাম পাশের ছবি',
    right_picture: 'ডান পাশের ছবি',
  },
} satisfies ResourceLabels;
