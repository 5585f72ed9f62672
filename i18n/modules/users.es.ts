/** Pantalla de usuarios (spec 000 sections 2, 3 and 5). */
export default {
  users: {
    select_branch: 'Seleccione una sucursal',
    all_branches: 'Todas las sucursales',
    permissions: 'Permisos',
    permissions_of: 'Permisos de %{name}',
    permissions_read_only: '%{name} tiene permisos que usted no tiene: puede verlos aquí, pero no cambiarlos.',
    strength: { label: 'Seguridad', very_weak: 'Muy débil', weak: 'Débil', fair: 'Aceptable', good: 'Buena', strong: 'Fuerte' },
  },
};
