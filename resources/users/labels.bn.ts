import type { ResourceLabels } from '../labels';

/** Bangla labels of "users" and of its menu group. */
export default {
  name: 'ব্যবহারকারী |||| ব্যবহারকারীরা',
  menu: 'ব্যবহারকারী',
  needs_filter: 'শাখা নির্বাচন করুন',
  fields: {
    user_picture: 'ছবি',
    user_name: 'নাম',
    username: 'ব্যবহারকারীর নাম',
    password: 'পাসওয়ার্ড',
    c_password: 'পাসওয়ার্ড নিশ্চিত করুন',
    user_branch: 'শাখা',
    user_group: 'গ্রুপ',
    user_designation: 'পদবি',
    user_department: 'বিভাগ',
    user_phone: 'ফোন',
    user_email: 'ইমেইল',
    user_address: 'ঠিকানা',
    user_status: 'অবস্থা',
  },
} satisfies ResourceLabels;

/** The "users" menu group's name. */
export const menuGroup = 'ব্যবহারকারী';
