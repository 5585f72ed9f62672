import type { ResourceDescriptor } from '../types';
import { NOTIFICATION_SLUGS } from '../paths';

export const group = {
  name: 'group',
  api: { prefix: 'group', body: 'json' },
  table: 'user_group',
  idField: 'group_id',
  statusField: 'group_status',
  titleField: 'group_name',
  codeField: 'group_code',
  // The notification form sends a notice to a group.
  lookupBy: [NOTIFICATION_SLUGS.create, NOTIFICATION_SLUGS.update],
  menu: { group: 'group', icon: 'Groups', aliases: ['/group/group-list', '/users/user-group'], position: 3 },
  dialog: 'sm',
  fields: [
    { name: 'group_code', kind: 'text', personal: 'none', required: true, unique: true, list: true, search: true, maxLength: 50 },
    { name: 'group_name', kind: 'text', personal: 'none', required: true, list: true, search: true, maxLength: 150 },
    { name: 'group_status', kind: 'status', personal: 'none', default: 1, list: true },
    // Members must sign in with a second factor; one without gets this many days, then is sent to
    // enrolment at sign-in (server/modules/second-factor). Off by default: the spec's groups stay as they were.
    { name: 'group_second_factor', kind: 'status', personal: 'none', default: 0 },
    {
      name: 'group_second_factor_grace_days',
      kind: 'integer',
      personal: 'none',
      default: 7,
      min: 0,
      max: 365,
      visibleWhen: { field: 'group_second_factor', in: [1] },
    },
  ],
  // The menus the group is granted: the permission screen's save (spec 000 section 7).
  links: [{ name: 'permission_menus', table: 'permission', owner: 'permission_group', value: 'menu_id', target: 'menu' }],
  // The Super Admin group is created by the server's first-start seed (it owns every permission).
} as const satisfies ResourceDescriptor;

export default group;
