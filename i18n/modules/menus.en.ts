/**
 * The feature modules' shipped menus, by menu_slug: the menu table keeps the names the catalogue
 * wrote (spec's menu_name), the console shows these in the user's language. The entities' menus are
 * worded in their own folders (resources/<entity>/labels.<lang>.ts, `menu` and `menuGroup`); a unit
 * test (tests/unit/resources/entity-folders.test.ts) keeps them out of this file.
 */
export default {
  menus: {
    notification: 'Notifications',
    'notification/notification-list': 'Manage notifications',
    'settings/menu-setup': 'Menu setup',
    // Permissions that are no screens, as the permission trees show them.
    'menu/menu-list': 'Menus: list',
    'menu/get-menu': 'Menus: view',
    'menu/menu-create': 'Menus: create',
    'menu/menu-update': 'Menus: edit',
    'menu/menu-delete': 'Menus: delete',
    'permission/permission-create': 'Group permissions',
    'permission/permission-create-user': 'User permissions',
    'notification/get-notification': 'Notifications: view',
    'notification/notification-create': 'Notifications: create',
    'notification/notification-update': 'Notifications: edit',
    'notification/notification-delete': 'Notifications: delete',
    // Sign-in through the hospital's directory (server/modules/directory/menus.ts).
    'directory/settings': 'Directory sign-in',
    'directory/scim-tokens': 'SCIM tokens',
  },
};
