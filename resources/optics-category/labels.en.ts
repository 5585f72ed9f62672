import type { ResourceLabels } from '../labels';

/** English labels of "optics-category" and of its menu group. */
export default {
  name: 'Optics Category |||| Optics Categories',
  menu: 'Optics categories',
  fields: {
    optics_category_code: 'Code',
    optics_category_name: 'Name',
    optics_category_status: 'Status',
  },
} satisfies ResourceLabels;

/** The "optics" menu group's name. */
export const menuGroup = 'Optics';
