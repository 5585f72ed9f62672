import type { ResourceLabels } from '../labels';

/** English labels of "pharmacy-category" and of its menu group. */
export default {
  name: 'Pharmacy Category |||| Pharmacy Categories',
  menu: 'Pharmacy categories',
  fields: {
    pharmacy_category_code: 'Code',
    pharmacy_category_name: 'Name',
    pharmacy_category_status: 'Status',
  },
} satisfies ResourceLabels;

/** The "pharmacy" menu group's name. */
export const menuGroup = 'Pharmacy';
