import type { ResourceLabels } from '../labels';

/** English labels of "branch" and of its menu group. */
export default {
  name: 'Branch |||| Branches',
  menu: 'Branches',
  fields: {
    branch_code: 'Code',
    branch_name: 'Name',
    branch_phone: 'Phone',
    branch_email: 'Email',
    branch_address: 'Address',
    branch_opening_date: 'Opening Date',
    branch_status: 'Status',
  },
} satisfies ResourceLabels;

/** The "branch" menu group's name. */
export const menuGroup = 'Branches';
