import type { ResourceLabels } from '../labels';

/** Spanish labels of "designation" and of its menu group. */
export default {
  name: 'Cargo |||| Cargos',
  menu: 'Cargos',
  fields: { designation_code: 'Código', designation_name: 'Nombre', designation_status: 'Estado' },
} satisfies ResourceLabels;

/** The "designation" menu group's name. */
export const menuGroup = 'Cargos';
