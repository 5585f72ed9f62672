import type { ResourceLabels } from '../labels';

/** Bangla labels of "branch" and of its menu group. */
export default {
  name: 'শাখা |||| শাখাসমূহ',
  menu: 'শাখাসমূহ',
  fields: {
    branch_code: 'কোড',
    branch_name: 'নাম',
    branch_phone: 'ফোন',
    branch_email: 'ইমেইল',
    branch_address: 'ঠিকানা',
    branch_opening_date: 'চালুর তারিখ',
    branch_status: 'অবস্থা',
  },
} satisfies ResourceLabels;

/** The "branch" menu group's name. */
export const menuGroup = 'শাখাসমূহ';
