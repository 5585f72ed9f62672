import type { ResourceLabels } from '../labels';

/** Burmese labels of "optics-category" and of its menu group. */
export default {
  name: 'မျက်မှန် အမျိုးအစား |||| မျက်မှန် အမျိုးအစားများ',
  menu: 'မျက်မှန် အမျိုးအစားများ',
  fields: {
    optics_category_code: 'ကုဒ်',
    optics_category_name: 'အမည်',
    optics_category_status: 'အခြေအနေ',
  },
} satisfies ResourceLabels;

/** The "optics" menu group's name. */
export const menuGroup = 'မျက်မှန်';
