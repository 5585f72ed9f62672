import type { ResourceLabels } from '../labels';

/** English labels of "designation" and of its menu group. */
export default {
  name: 'Designation |||| Designations',
  menu: 'Designations',
  fields: { designation_code: 'Code', designation_name: 'Name', designation_status: 'Status' },
} satisfies ResourceLabels;

/** The "designation" menu group's name. */
export const menuGroup = 'Designations';
