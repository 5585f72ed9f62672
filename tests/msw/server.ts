import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { fail, ok } from './contract';
import { menuHandler } from './menu';
import { nowIn, todayIn } from '../../resources';

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

/**
 * The server's clock (GET /api/server-time), answered as the real route does, in a zone far from
 * UTC so that a form using the browser's zone or UTC for 'today' shows a different date some hours.
 */
export const SERVER_TIME_ZONE = 'Pacific/Kiritimati';
export const serverTimeHandler = http.get('*/api/server-time', () => {
  const at = new Date();
  return HttpResponse.json({
    status: 1,
    message: 'Data Found',
    data: { time_zone: SERVER_TIME_ZONE, today: todayIn(SERVER_TIME_ZONE, at), now: nowIn(SERVER_TIME_ZONE, at) },
  });
});

/**
 * Shared msw server; each test installs its own handlers with server.use(...). Standing answers: the
 * server's clock, the permission menu list, and the navigation (empty unless a test says otherwise;
 * `signIn` answers the menu of its slugs).
 */
/** The signed-in user's inbox, as the bell asks for it on every screen: empty unless a test says otherwise. */
const emptyInbox = http.get('*/api/notification/notification-list-user/', () => ok({ data: [], total: 0, page: 1, unread: 0 }));
/** The real-time socket has no server in component tests: its polling transport fails like a network error, and retries. */
const noSocket = http.all('*/api/socket.io/*', () => HttpResponse.error());

/**
 * The groups the viewer may put a user in (the users form narrows its group choices to them): by
 * default refused as for a viewer who manages no users, so nothing is narrowed; users tests answer it.
 */
const noAssignableGroups = http.get('*/api/users/assignable-groups', () => fail('You do not have the permission "users/user-create"', 403));

/** The users of a list page the viewer may manage: by default all those asked for, as for a Super Admin. */
const everyUserManageable = http.get('*/api/users/manageable', ({ request }) => {
  const ids = (new URL(request.url).searchParams.get('ids') ?? '').split(',').filter(Boolean).map(Number);
  return ok(ids, { total: ids.length });
});

/** The list's column choice kept on the server (src/screens/ListColumns.tsx): none by default, and any change accepted. */
const noColumnChoice = [
  http.get('*/api/preferences/list-columns', () => ok([], { total: 0 })),
  http.put('*/api/preferences/list-columns-update', () => ok({})),
];

/** The sign-in page asks which directories are on: none by default (directory tests answer it). */
const noDirectory = http.get('*/api/directory/sign-in-options', () => ok({ oidc: null, ldap: false, password: true }));

/** The signed-in user's field rules (src/modules/field-rules): none by default (field-rules tests answer them). */
const noFieldRules = http.get('*/api/access/field-rules', () => ok({}));

export const server = setupServer(
  serverTimeHandler,
  permissionMenus,
  menuHandler([]),
  emptyInbox,
  noSocket,
  noAssignableGroups,
  everyUserManageable,
  ...noColumnChoice,
  noDirectory,
  noFieldRules,
);
