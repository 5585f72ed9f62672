import type { ResourceLabels } from '../labels';

/** English labels of "users" and of its menu group. */
export default {
  name: 'User |||| Users',
  menu: 'Users',
  needs_filter: 'Select Branch',
  fields: {
    user_picture: 'Picture',
    user_name: 'Name',
    username: 'Username',
    password: 'Password',
    c_password: 'Confirm Password',
    user_branch: 'Branch',
    user_group: 'Group',
    user_designation: 'Designation',
    user_department: 'Department',
    user_phone: 'Phone',
    user_email: 'Email',
    user_address: 'Address',
    user_status: 'Status',
  },
} satisfies ResourceLabels;

/** The "users" menu group's name. */
export const menuGroup = 'Users';
