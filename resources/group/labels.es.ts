import type { ResourceLabels } from '../labels';

/** Spanish labels of "group" and of its menu group. */
export default {
  name: 'Grupo de usuarios |||| Grupos de usuarios',
  menu: 'Grupos de usuarios',
  fields: { group_code: 'Código del grupo', group_name: 'Nombre del grupo', group_status: 'Estado' },
} satisfies ResourceLabels;

/** The "group" menu group's name. */
export const menuGroup = 'Grupos de usuarios';
