/** Pantalla de usuarios (spec 000 sections 2, 3 and 5). */
export default {
  menu: { users: 'Usuarios' },
  users: {
    select_branch: 'Seleccione una sucursal',
    all_branches: 'Todas las sucursales',
    permissions: 'Permisos',
    permissions_of: 'Permisos de %{name}',
    permissions_read_only: '%{name} tiene permisos que usted no tiene: puede verlos aquí, pero no cambiarlos.',
    strength: { label: 'Seguridad', very_weak: 'Muy débil', weak: 'Débil', fair: 'Aceptable', good: 'Buena', strong: 'Fuerte' },
  },
  resources: {
    users: {
      name: 'Usuario |||| Usuarios',
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
    },
  },
};
