import { setupServer } from 'msw/node';
import { http } from 'msw';
import { ok } from './contract';

/**
 * The permission menu list the console reloads at each session check: by default it answers the
 * slugs of the stored session (what sign-in or the test's signIn() gave), as menu rows. Tests of
 * permission changes install their own answer with server.use(...).
 */
const permissionMenus = http.get('*/api/menu/menu-list-permission', () => {
  const stored: unknown = JSON.parse(localStorage.getItem('permissions') ?? '[]');
  const slugs = Array.isArray(stored) ? stored.filter((s): s is string => typeof s === 'string') : [];
  return ok(
    slugs.map((menu_slug, i) => ({ menu_id: i + 1, menu_slug, menu_name: menu_slug, menu_status: 1 })),
    { total: slugs.length },
  );
});

/** Shared msw server; each test installs its own handlers with server.use(...). */
export const server = setupServer(permissionMenus);
