import type { ResourceLabels } from '../labels';

/** Spanish labels of "users" and of its menu group. */
export default {
  name: 'Usuario |||| Usuarios',
  menu: 'Usuarios',
  needs_filter: 'Seleccione una sucursal',
  fields: {
    user_picture: 'Foto',
    user_name: 'Nombre',
    username: 'Nombre de usuario',
    password: 'Contraseña',
    c_password: 'Confirmar contraseña',
    user_branch: 'Sucursal',
    user_group: 'Grupo',
    user_designation: 'Cargo',
    user_department: 'Departamento',
    user_phone: 'Teléfono',
    user_email: 'Correo electrónico',
    user_address: 'Dirección',
    user_status: 'Estado',
  },
} satisfies ResourceLabels;

/** The "users" menu group's name. */
export const menuGroup = 'Usuarios';
