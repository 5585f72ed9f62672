/** Los menús propios de la navegación, por menu_slug (véase menus.en.ts). */
export default {
  menus: {
    notification: 'Notificaciones',
    'notification/notification-list': 'Gestionar notificaciones',
    'settings/menu-setup': 'Configuración del menú',
    // Permissions that are no screens, as the permission trees show them.
    'menu/menu-list': 'Menús: lista',
    'menu/get-menu': 'Menús: ver',
    'menu/menu-create': 'Menús: crear',
    'menu/menu-update': 'Menús: editar',
    'menu/menu-delete': 'Menús: eliminar',
    'permission/permission-create': 'Permisos del grupo',
    'permission/permission-create-user': 'Permisos del usuario',
    'notification/get-notification': 'Notificaciones: ver',
    'notification/notification-create': 'Notificaciones: crear',
    'notification/notification-update': 'Notificaciones: editar',
    'notification/notification-delete': 'Notificaciones: eliminar',
    // Sign-in through the hospital's directory (server/modules/directory/menus.ts).
    'directory/settings': 'Inicio de sesión con el directorio',
    'directory/scim-tokens': 'Tokens SCIM',
  },
};
