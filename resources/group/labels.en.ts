import type { ResourceLabels } from '../labels';

/** English labels of "group" and of its menu group. */
export default {
  name: 'User Group |||| User Groups',
  menu: 'User groups',
  fields: { group_code: 'Group Code', group_name: 'Group Name', group_status: 'Status' },
} satisfies ResourceLabels;

/** The "group" menu group's name. */
export const menuGroup = 'User groups';
