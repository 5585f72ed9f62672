import type { ResourceLabels } from '../labels';

/** Bangla labels of "optics-category" and of its menu group. */
export default {
  name: 'অপটিক্স বিভাগ |||| অপটিক্স বিভাগসমূহ',
  menu: 'অপটিক্স বিভাগসমূহ',
  fields: {
    optics_category_code: 'কোড',
    optics_category_name: 'নাম',
    optics_category_status: 'অবস্থা',
  },
} satisfies ResourceLabels;

/** The "optics" menu group's name. */
export const menuGroup = 'চশমা ও অপটিক্স';
