import type { ResourceLabels } from '../labels';

/** Bangla labels of "group" and of its menu group. */
export default {
  name: 'ব্যবহারকারী গোষ্ঠী |||| ব্যবহারকারী গোষ্ঠীসমূহ',
  menu: 'ব্যবহারকারী গোষ্ঠী',
  fields: { group_code: 'গোষ্ঠীর কোড', group_name: 'গোষ্ঠীর নাম', group_status: 'অবস্থা' },
} satisfies ResourceLabels;

/** The "group" menu group's name. */
export const menuGroup = 'ব্যবহারকারী গোষ্ঠী';
