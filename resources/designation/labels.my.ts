import type { ResourceLabels } from '../labels';

/** Burmese labels of "designation" and of its menu group. */
export default {
  name: 'ရာထူး |||| ရာထူးများ',
  menu: 'ရာထူးများ',
  fields: { designation_code: 'ကုဒ်', designation_name: 'အမည်', designation_status: 'အခြေအနေ' },
} satisfies ResourceLabels;

/** The "designation" menu group's name. */
export const menuGroup = 'ရာထူးများ';
