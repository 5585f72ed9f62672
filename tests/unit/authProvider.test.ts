import { http } from 'msw';
import { registry } from '../../resources';
import { createAuthProvider } from '../../authProvider';
import { server } from '../msw/server';
import { fail, ok } from '../msw/contract';

const auth = createAuthProvider({ apiUrl: '/api', registry });

const user = {
  user_id: 1,
  user_name: 'Super Admin',
  username: 'admin',
  user_picture: 'uploads/users/a.webp',
  user_status: 1,
  user_group: { group_id: 1, group_code: 'SA', group_name: 'Super Admin' },
  permissions: ['branch/branch-list', 'branch/get-branch', 'branch/branch-update'],
};

describe('authProvider', () => {
  it('login posts the credentials with remember and stores token, user and permissions', async () => {
    let body: unknown;
    server.use(http.post('*/api/users/user-login/', async ({ request }) => ((body = await request.json()), ok({ ...user, token: 'T1' }))));
    await auth.login({ username: 'admin', password: 'secret', remember: true });
    expect(body).toEqual({ username: 'admin', password: 'secret', remember: true });
    expect(localStorage.getItem('token')).toBe('T1');
    // Stored sorted (see the next describe's order test).
    const sorted = ['branch/branch-list', 'branch/branch-update', 'branch/get-branch'];
    expect(JSON.parse(localStorage.getItem('permissions')!)).toEqual(sorted);
    expect(JSON.parse(localStorage.getItem('user')!)).toMatchObject({ user_name: 'Super Admin' });
    expect(await auth.getPermissions({})).toEqual(sorted);
    expect(await auth.getIdentity()).toEqual({ id: 1, fullName: 'Super Admin', avatar: '/api/uploads/users/a.webp' });
  });

  it('login failure rejects with the server message and stores nothing', async () => {
    server.use(http.post('*/api/users/user-login/', () => fail('Invalid username or password', 401)));
    await expect(auth.login({ username: 'admin', password: 'bad' })).rejects.toThrow('Invalid username or password');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('checkAuth asks get-auth-user with the token and refreshes the permissions', async () => {
    let token: string | null = null;
    server.use(
      http.get(
        '*/api/users/get-auth-user',
        ({ request }) => ((token = request.headers.get('access-token')), ok({ ...user, permissions: ['branch/branch-create'] })),
      ),
      http.get('*/api/menu/menu-list-permission', () =>
        ok([
          { menu_id: 7, menu_slug: 'branch/branch-create' },
          { menu_id: 9, menu_slug: 'menu/menu-list' },
        ]),
      ),
    );
    localStorage.setItem('token', 'T2');
    await auth.checkAuth({});
    expect(token).toBe('T2');
    // The slugs follow the permission menu list, so an administrator's change shows at this check.
    expect(await auth.getPermissions({})).toEqual(['branch/branch-create', 'menu/menu-list']);
    expect(await auth.canAccess({ resource: 'menu/menu-list', action: 'list' })).toBe(true);
    expect(await auth.canAccess({ resource: 'permission/permission-create', action: 'list' })).toBe(false);
  });

  it('checkAuth rejects without a token, and on 401 clears the session', async () => {
    await expect(auth.checkAuth({})).rejects.toBeDefined();
    server.use(http.get('*/api/users/get-auth-user', () => fail('Session expired', 401)));
    localStorage.setItem('token', 'old');
    await expect(auth.checkAuth({})).rejects.toBeDefined();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('checkError rejects on 401 (sign out) and resolves on 403 (stay signed in)', async () => {
    localStorage.setItem('token', 'T');
    await expect(auth.checkError({ status: 403 })).resolves.toBeUndefined();
    expect(localStorage.getItem('token')).toBe('T');
    await expect(auth.checkError({ status: 401 })).rejects.toBeDefined();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('canAccess maps react-admin actions to permission slugs', async () => {
    localStorage.setItem('permissions', JSON.stringify(user.permissions));
    const can = (resource: string, action: string) => auth.canAccess({ resource, action });
    expect(await can('branch', 'list')).toBe(true);
    expect(await can('branch', 'show')).toBe(true);
    expect(await can('branch', 'edit')).toBe(true);
    expect(await can('branch', 'create')).toBe(false);
    expect(await can('branch', 'delete')).toBe(false);
    expect(await can('medicine', 'list')).toBe(false);
    expect(await can('not-a-resource', 'list')).toBe(true);
  });

  it('canAccessNow gives the same answers at once when signed in, and none when signed out', async () => {
    localStorage.setItem('permissions', JSON.stringify(user.permissions));
    const questions = [
      ['branch', 'list'],
      ['branch', 'create'],
      ['medicine', 'list'],
      ['not-a-resource', 'list'],
    ] as const;
    expect(questions.map(([resource, action]) => auth.canAccessNow({ resource, action }))).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    localStorage.setItem('token', 'T');
    for (const [resource, action] of questions) {
      expect(auth.canAccessNow({ resource, action })).toBe(await auth.canAccess({ resource, action }));
    }
    expect(auth.canAccessNow({ resource: 'branch', action: 'list' })).toBe(true);
    expect(auth.canAccessNow({ resource: 'branch', action: 'create' })).toBe(false);
  });

  it('answerNow gives what the stored session answers at once, grants only, and nothing when signed out', async () => {
    localStorage.setItem('permissions', JSON.stringify(user.permissions));
    localStorage.setItem('user', JSON.stringify({ user_id: 7, user_name: 'Ada', user_picture: null }));
    for (const method of ['checkAuth', 'getPermissions', 'getIdentity', 'canAccess']) {
      expect(auth.answerNow(method, { resource: 'branch', action: 'list' })).toBeUndefined();
    }
    localStorage.setItem('token', 'T');
    expect(auth.answerNow('checkAuth', {})).toEqual({ data: true });
    expect(auth.answerNow('getPermissions', {})).toEqual({ data: await auth.getPermissions({}) });
    expect(auth.answerNow('getIdentity', undefined)).toEqual({ data: await auth.getIdentity() });
    expect(auth.answerNow('canAccess', { resource: 'branch', action: 'list' })).toEqual({ data: true });
    expect(auth.answerNow('canAccess', { resource: 'branch', action: 'create' })).toBeUndefined();
    expect(auth.answerNow('canAccess', undefined)).toBeUndefined();
    expect(auth.answerNow('somethingElse', {})).toBeUndefined();
  });

  it('logout calls the logout endpoint and clears storage', async () => {
    let called = false;
    server.use(http.get('*/api/users/user-logout/', () => ((called = true), ok({ message: 'Logged out' }))));
    localStorage.setItem('token', 'T');
    localStorage.setItem('permissions', '["x"]');
    await auth.logout({});
    expect(called).toBe(true);
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('permissions')).toBeNull();
  });

  it('logout still clears storage when the call fails', async () => {
    server.use(http.get('*/api/users/user-logout/', () => fail('Server down', 500)));
    localStorage.setItem('token', 'T');
    await expect(auth.logout({})).resolves.toBe('/login');
    expect(localStorage.getItem('token')).toBeNull();
  });
});

describe('authProvider on transport failures', () => {
  it('checkAuth keeps the session when the check cannot reach the server', async () => {
    server.use(http.get('*/api/users/get-auth-user', () => Response.error()));
    localStorage.setItem('token', 'T');
    await expect(auth.checkAuth({})).resolves.toBeUndefined();
    expect(localStorage.getItem('token')).toBe('T');
  });
});

describe('authProvider session checks', () => {
  const countChecks = () => {
    const seen = { user: 0, menus: 0 };
    server.use(
      http.get('*/api/users/get-auth-user', () => (seen.user++, ok(user))),
      http.get('*/api/menu/menu-list-permission', () => (seen.menus++, ok([{ menu_id: 7, menu_slug: 'branch/branch-list' }]))),
    );
    return seen;
  };

  it('starts a returning user’s check when created, and the first checkAuth takes it over', async () => {
    const seen = countChecks();
    localStorage.setItem('token', 'T5');
    const early = createAuthProvider({ apiUrl: '/api', registry });
    await vi.waitFor(() => expect(seen.user).toBe(1));
    await early.checkAuth({});
    expect(seen).toEqual({ user: 1, menus: 1 });
    expect(await early.getPermissions({})).toEqual(['branch/branch-list']);
  });

  it('the layout and the screen checking at once make one check; another token or a failed check asks again', async () => {
    const seen = countChecks();
    const fresh = createAuthProvider({ apiUrl: '/api', registry });
    localStorage.setItem('token', 'T6');
    await Promise.all([fresh.checkAuth({}), fresh.checkAuth({})]);
    await fresh.checkAuth({});
    expect(seen).toEqual({ user: 1, menus: 1 });
    localStorage.setItem('token', 'T7');
    await fresh.checkAuth({});
    expect(seen).toEqual({ user: 2, menus: 2 });
    server.use(http.get('*/api/users/get-auth-user', () => fail('Server error', 500)));
    localStorage.setItem('token', 'T8');
    await expect(fresh.checkAuth({})).rejects.toBeDefined();
    localStorage.setItem('token', 'T8');
    server.use(http.get('*/api/users/get-auth-user', () => (seen.user++, ok(user))));
    await expect(fresh.checkAuth({})).resolves.toBeUndefined();
    expect(seen.user).toBe(3);
  });

  it('the same slugs in another order than at sign-in are not a permission change', async () => {
    const changes: string[] = [];
    const fresh = createAuthProvider({ apiUrl: '/api', registry, onSessionChange: (change) => changes.push(change) });
    server.use(
      http.post('*/api/users/user-login/', () => ok({ ...user, token: 'T10' })),
      http.get('*/api/users/get-auth-user', () => ok(user)),
      // The permission menu list answers in menu order, sign-in in its own.
      http.get('*/api/menu/menu-list-permission', () =>
        ok([...user.permissions].reverse().map((menu_slug, i) => ({ menu_id: i + 1, menu_slug }))),
      ),
    );
    await fresh.login({ username: 'admin', password: 'secret' });
    await fresh.checkAuth({});
    expect(changes).toEqual([]);
    // A real change still counts.
    server.use(http.get('*/api/menu/menu-list-permission', () => ok([{ menu_id: 1, menu_slug: 'branch/branch-list' }])));
    localStorage.setItem('token', 'T11');
    await fresh.checkAuth({});
    expect(changes).toEqual(['permissions']);
  });

  it('a session the server refuses is ended and reported, so the answers taken from it are dropped', async () => {
    const changes: string[] = [];
    const fresh = createAuthProvider({ apiUrl: '/api', registry, onSessionChange: (change) => changes.push(change) });
    server.use(
      http.get('*/api/users/get-auth-user', () => fail('Unauthorized', 401)),
      http.get('*/api/menu/menu-list-permission', () => fail('Unauthorized', 401)),
    );
    localStorage.setItem('token', 'T12');
    await expect(fresh.checkAuth({})).rejects.toBeDefined();
    expect(changes).toEqual(['ended']);
    expect(fresh.answerNow('checkAuth', {})).toBeUndefined();
  });

  it('a check that could not reach the server keeps the session and reports nothing', async () => {
    const changes: string[] = [];
    const fresh = createAuthProvider({ apiUrl: '/api', registry, onSessionChange: (change) => changes.push(change) });
    server.use(http.get('*/api/users/get-auth-user', () => Response.error()));
    localStorage.setItem('token', 'T13');
    await fresh.checkAuth({});
    expect(changes).toEqual([]);
    expect(fresh.answerNow('checkAuth', {})).toEqual({ data: true });
  });

  it('a check answered more than two seconds ago is asked again (permission changes show)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const seen = countChecks();
      const fresh = createAuthProvider({ apiUrl: '/api', registry });
      localStorage.setItem('token', 'T9');
      await fresh.checkAuth({});
      vi.setSystemTime(Date.now() + 2_500);
      await fresh.checkAuth({});
      expect(seen).toEqual({ user: 2, menus: 2 });
    } finally {
      vi.useRealTimers();
    }
  });
});
