import type { ResourceLabels } from '../labels';

/** Burmese labels of "pharmacy-category" and of its menu group. */
export default {
  name: 'ဆေးဆိုင် အမျိုးအစား |||| ဆေးဆိုင် အမျိုးအစားများ',
  menu: 'ဆေးဆိုင် အမျိုးအစားများ',
  fields: {
    pharmacy_category_code: 'ကုဒ်',
    pharmacy_category_name: 'အမည်',
    pharmacy_category_status: 'အခြေအနေ',
  },
} satisfies ResourceLabels;

/** The "pharmacy" menu group's name. */
export const menuGroup = 'ဆေးဆိုင်';
