import type { ResourceLabels } from '../labels';

/** Bangla labels of "department" and of its menu group. */
export default {
  name: 'বিভাগ |||| বিভাগসমূহ',
  menu: 'বিভাগসমূহ',
  fields: { department_code: 'কোড', department_name: 'নাম', department_status: 'অবস্থা' },
} satisfies ResourceLabels;

/** The "department" menu group's name. */
export const menuGroup = 'বিভাগসমূহ';
