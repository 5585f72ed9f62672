import type { ResourceLabels } from '../labels';

/** Burmese labels of "users" and of its menu group. */
export default {
  name: 'အသုံးပြုသူ |||| အသုံးပြုသူများ',
  menu: 'အသုံးပြုသူများ',
  needs_filter: 'ဌာနခွဲ ရွေးချယ်ပါ',
  fields: {
    user_picture: 'ဓာတ်ပုံ',
    user_name: 'အမည်',
    username: 'အသုံးပြုသူအမည်',
    password: 'စကားဝှက်',
    c_password: 'စကားဝှက် အတည်ပြုရန်',
    user_branch: 'ဌာနခွဲ',
    user_group: 'အုပ်စု',
    user_designation: 'ရာထူး',
    user_department: 'ဌာန',
    user_phone: 'ဖုန်း',
    user_email: 'အီးမေးလ်',
    user_address: 'လိပ်စာ',
    user_status: 'အခြေအနေ',
  },
} satisfies ResourceLabels;

/** The "users" menu group's name. */
export const menuGroup = 'အသုံးပြုသူများ';
