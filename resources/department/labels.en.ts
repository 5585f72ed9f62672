import type { ResourceLabels } from '../labels';

/** English labels of "department" and of its menu group. */
export default {
  name: 'Department |||| Departments',
  menu: 'Departments',
  fields: { department_code: 'Code', department_name: 'Name', department_status: 'Status' },
} satisfies ResourceLabels;

/** The "department" menu group's name. */
export const menuGroup = 'Departments';
