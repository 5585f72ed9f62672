import type { ResourceLabels } from '../labels';

/** Spanish labels of "department" and of its menu group. */
export default {
  name: 'Departamento |||| Departamentos',
  menu: 'Departamentos',
  fields: { department_code: 'Código', department_name: 'Nombre', department_status: 'Estado' },
} satisfies ResourceLabels;

/** The "department" menu group's name. */
export const menuGroup = 'Departamentos';
