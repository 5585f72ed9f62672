import type { ResourceLabels } from '../labels';

/** Burmese labels of "department" and of its menu group. */
export default {
  name: 'ဌာန |||| ဌာနများ',
  menu: 'ဌာနများ',
  fields: { department_code: 'ကုဒ်', department_name: 'အမည်', department_status: 'အခြေအနေ' },
} satisfies ResourceLabels;

/** The "department" menu group's name. */
export const menuGroup = 'ဌာနများ';
