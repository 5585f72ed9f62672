import type { ResourceLabels } from '../labels';

/** Spanish labels of "branch" and of its menu group. */
export default {
  name: 'Sucursal |||| Sucursales',
  menu: 'Sucursales',
  fields: {
    branch_code: 'Código',
    branch_name: 'Nombre',
    branch_phone: 'Teléfono',
    branch_email: 'Correo electrónico',
    branch_address: 'Dirección',
    branch_opening_date: 'Fecha de apertura',
    branch_status: 'Estado',
  },
} satisfies ResourceLabels;

/** The "branch" menu group's name. */
export const menuGroup = 'Sucursales';
