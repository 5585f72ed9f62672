import type { ResourceLabels } from '../labels';

/** Burmese labels of "branch" and of its menu group. */
export default {
  name: 'ဌာနခွဲ |||| ဌာနခွဲများ',
  menu: 'ဌာနခွဲများ',
  fields: {
    branch_code: 'ကုဒ်',
    branch_name: 'အမည်',
    branch_phone: 'ဖုန်း',
    branch_email: 'အီးမေးလ်',
    branch_address: 'လိပ်စာ',
    branch_opening_date: 'ဖွင့်လှစ်သည့် ရက်စွဲ',
    branch_status: 'အခြေအနေ',
  },
} satisfies ResourceLabels;

/** The "branch" menu group's name. */
export const menuGroup = 'ဌာနခွဲများ';
