import type { ResourceLabels } from '../labels';

/** Bangla labels of "pharmacy-category" and of its menu group. */
export default {
  name: 'ফার্মেসি বিভাগ |||| ফার্মেসি বিভাগসমূহ',
  menu: 'ফার্মেসি বিভাগসমূহ',
  fields: {
    pharmacy_category_code: 'কোড',
    pharmacy_category_name: 'নাম',
    pharmacy_category_status: 'অবস্থা',
  },
} satisfies ResourceLabels;

/** The "pharmacy" menu group's name. */
export const menuGroup = 'ফার্মেসি';
