import type { ResourceLabels } from '../labels';

/** Burmese labels of "group" and of its menu group. */
export default {
  name: 'အသုံးပြုသူ အုပ်စု |||| အသုံးပြုသူ အုပ်စုများ',
  menu: 'အသုံးပြုသူ အုပ်စုများ',
  fields: { group_code: 'အုပ်စု ကုဒ်', group_name: 'အုပ်စု အမည်', group_status: 'အခြေအနေ' },
} satisfies ResourceLabels;

/** The "group" menu group's name. */
export const menuGroup = 'အသုံးပြုသူ အုပ်စုများ';
