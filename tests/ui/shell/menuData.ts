import { http } from 'msw';
import { ok } from '../../msw/contract';
import { server } from '../../msw/server';

/**
 * `GET /menu/menu-list-user` as the access API answers it: visible, active menus the user may
 * access, top-level groups with their screens in `menus`. Given out of order on purpose: the
 * console orders by menu_position.
 */
export const MENU = [
  {
    menu_id: 20,
    menu_name: 'Pharmacy',
    menu_slug: 'pharmacy',
    menu_icon: 'Medication',
    menu_position: 20,
    main_menu: 0,
    sub_menu: 'Yes',
    menu_api_method: 'get',
    menus: [
      {
        menu_id: 22,
        menu_name: 'Medicine List',
        menu_slug: 'medicine/medicine-list',
        menu_icon: 'Medication',
        menu_position: 2,
        main_menu: 20,
        sub_menu: 'No',
        menu_api_method: 'get',
      },
      {
        menu_id: 21,
        menu_name: 'Pharmacy Category',
        menu_slug: 'pharmacy-category/pharmacy-category-list',
        menu_icon: 'Category',
        menu_position: 1,
        main_menu: 20,
        sub_menu: 'No',
        menu_api_method: 'get',
      },
    ],
  },
  {
    menu_id: 5,
    menu_name: 'Users',
    menu_slug: 'users',
    menu_icon: 'bx bx-border-all',
    menu_position: 5,
    main_menu: 0,
    sub_menu: 'Yes',
    menu_api_method: 'get',
    menus: [
      {
        menu_id: 6,
        menu_name: 'User List',
        menu_slug: 'users/user-list',
        menu_icon: 'bx bx-user',
        menu_position: 1,
        main_menu: 5,
        sub_menu: 'No',
        menu_api_method: 'get',
      },
    ],
  },
];

/** Answers the menu call and counts the calls. */
export function serveMenu(menu: unknown[] = MENU) {
  const calls = { count: 0 };
  server.use(
    http.get('*/api/menu/menu-list-user', () => {
      calls.count += 1;
      return ok(menu);
    }),
  );
  return calls;
}
