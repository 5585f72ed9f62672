import { registerMenus } from './catalogue';

/**
 * The access module's own catalogue entries: the menu setup screen and the slugs of the menu and
 * permission routes. The permission slugs sit under the screens whose buttons use them (groups,
 * users); `users` is declared here too so the catalogue is whole before the users module lands.
 */
registerMenus([
  { slug: 'settings', name: 'Settings', icon: 'Settings', position: 90 },
  { slug: 'settings/menu-setup', name: 'Menu Setup', parent: 'settings', icon: 'MenuOpen', position: 2, visible: true },
  { slug: 'menu/menu-list', name: 'Menu List', parent: 'settings', icon: 'MenuOpen', position: 3 },
  { slug: 'menu/get-menu', name: 'Menu View', parent: 'settings', icon: 'MenuOpen', position: 4 },
  { slug: 'menu/menu-create', name: 'Menu Create', parent: 'settings', icon: 'MenuOpen', position: 5, method: 'post' },
  { slug: 'menu/menu-update', name: 'Menu Update', parent: 'settings', icon: 'MenuOpen', position: 6, method: 'put' },
  { slug: 'menu/menu-delete', name: 'Menu Delete', parent: 'settings', icon: 'MenuOpen', position: 7, method: 'delete' },
  { slug: 'permission/permission-create', name: 'Group Permission', parent: 'group', position: 6, method: 'post' },
  { slug: 'users', name: 'Users', icon: 'People', position: 1 },
  { slug: 'permission/permission-create-user', name: 'User Permission', parent: 'users', position: 6, method: 'post' },
]);
