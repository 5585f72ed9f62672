import type { TestServer } from '../harness';

/** Reference records and users made through the real API, for the users tests. */
export const PASSWORD = 'correct-horse-battery';

export async function created(s: TestServer, path: string, body: Record<string, unknown>, token?: string) {
  const res = await s.call('POST', path, { body, token });
  if (res.statusCode !== 201) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
  return res.json().data as Record<string, unknown>;
}

export interface World {
  branchA: number;
  branchB: number;
  designation: number;
  department: number;
  /** A group granted the given slugs (straight into the permission table, as the access API would). */
  group(code: string, slugs: string[]): Promise<number>;
  /** The body of a user create (the password is PASSWORD), for a request the test sends itself. */
  userBody(username: string, branch: number, group: number, extra?: Record<string, unknown>): Record<string, unknown>;
  user(username: string, branch: number, group: number, extra?: Record<string, unknown>): Promise<number>;
  login(username: string, password?: string): Promise<string>;
  /** A user of this group at this branch, and their session's token. */
  member(username: string, branch: number, group: number): Promise<{ id: number; token: string }>;
  /** A principal: a group granted exactly these slugs, one user of it at this branch, signed in. */
  principal(code: string, username: string, branch: number, slugs: string[]): Promise<{ group: number; id: number; token: string }>;
  /** A user's own grant (1) or denial (0) of one slug over their group's, as the user permission route stores it. */
  grantToUser(user: number, slug: string, status?: 0 | 1): Promise<void>;
}

export async function world(s: TestServer, tag: string): Promise<World> {
  const branchA = (await created(s, '/api/branch/branch-create', { branch_code: `A-${tag}`, branch_name: `Branch A ${tag}` }))
    .branch_id as number;
  const branchB = (await created(s, '/api/branch/branch-create', { branch_code: `B-${tag}`, branch_name: `Branch B ${tag}` }))
    .branch_id as number;
  const designation = (await created(s, '/api/designation/designation-create', { designation_code: `D-${tag}`, designation_name: 'Nurse' }))
    .designation_id as number;
  const department = (await created(s, '/api/department/department-create', { department_code: `P-${tag}`, department_name: 'Eye care' }))
    .department_id as number;
  const userBody: World['userBody'] = (username, branch, group, extra = {}) => ({
    user_name: `User ${username}`,
    username,
    password: PASSWORD,
    c_password: PASSWORD,
    user_branch: branch,
    user_group: group,
    user_designation: designation,
    user_department: department,
    ...extra,
  });
  const db = s.app.ctx.conn.db;
  const login = async (username: string, password = PASSWORD) => {
    const res = await s.call('POST', '/api/users/user-login/', { body: { username, password }, token: null });
    if (res.statusCode !== 200) throw new Error(`login ${username}: ${res.statusCode} ${res.body}`);
    return res.json().data.token as string;
  };
  const w: World = {
    branchA,
    branchB,
    designation,
    department,
    async group(code, slugs) {
      const id = (await created(s, '/api/group/group-create', { group_code: `${code}-${tag}`, group_name: code })).group_id as number;
      const menus = slugs.length ? await db.selectFrom('menu').select('menu_id').where('menu_slug', 'in', slugs).execute() : [];
      if (menus.length !== slugs.length) throw new Error(`unknown slug among ${slugs.join(', ')}`);
      if (menus.length)
        await db
          .insertInto('permission')
          .values(menus.map((m) => ({ permission_group: id, menu_id: m.menu_id })))
          .execute();
      s.app.ctx.permissions.invalidate();
      return id;
    },
    userBody,
    async user(username, branch, group, extra = {}) {
      const data = await created(s, '/api/users/user-create', userBody(username, branch, group, extra));
      return data.user_id as number;
    },
    login,
    async member(username, branch, group) {
      const data = await created(s, '/api/users/user-create', userBody(username, branch, group));
      return { id: data.user_id as number, token: await login(username) };
    },
    async principal(code, username, branch, slugs) {
      const group = await w.group(code, slugs);
      return { group, ...(await w.member(username, branch, group)) };
    },
    async grantToUser(user, slug, status = 1) {
      const menu = await db.selectFrom('menu').select('menu_id').where('menu_slug', '=', slug).executeTakeFirstOrThrow();
      await db.insertInto('user_permission').values({ user_id: user, menu_id: menu.menu_id, permission_status: status }).execute();
      s.app.ctx.permissions.invalidate();
    },
  };
  return w;
}

export const USER_SLUGS = ['users/user-list', 'users/get-user', 'users/user-create', 'users/user-update', 'users/user-delete'];
