import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../../../server/auth/passwords';
import type { TestServer } from '../harness';

/**
 * People for the notification tests: two groups, two branches, and users placed in them,
 * written straight to the database (the users routes belong to another module), each signed in
 * through the real sign-in route.
 */
export interface Person {
  id: number;
  username: string;
  token: string;
  group: number;
  branch: number;
}

const PASSWORD = 'notify-test-password';

export async function createGroup(s: TestServer, code: string): Promise<number> {
  const res = await s.call('POST', '/api/group/group-create', { body: { group_code: code, group_name: `Group ${code}`, group_status: 1 } });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().data.group_id as number;
}

export async function createBranch(s: TestServer, code: string): Promise<number> {
  const res = await s.call('POST', '/api/branch/branch-create', {
    body: { branch_code: code, branch_name: `Branch ${code}`, branch_status: 1 },
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().data.branch_id as number;
}

export async function signIn(app: FastifyInstance, username: string, password = PASSWORD): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/users/user-login/', payload: { username, password } });
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().data.token as string;
}

export async function createPerson(s: TestServer, username: string, group: number, branch: number, slugs: string[] = []): Promise<Person> {
  const db = s.app.ctx.conn.db;
  const now = new Date().toISOString();
  const row = await db
    .insertInto('users')
    .values({
      user_name: username,
      username,
      password_hash: await hashPassword(PASSWORD),
      user_phone: '',
      user_email: '',
      user_address: '',
      user_picture: '',
      user_branch: branch,
      user_group: group,
      user_designation: 0,
      user_department: 0,
      user_status: 1,
      created_at: now,
      updated_at: now,
    })
    .returning('user_id')
    .executeTakeFirstOrThrow();
  if (slugs.length) {
    const menus = await db.selectFrom('menu').select('menu_id').where('menu_slug', 'in', slugs).execute();
    await db
      .insertInto('user_permission')
      .values(menus.map((m) => ({ user_id: row.user_id, menu_id: m.menu_id, permission_status: 1 })))
      .execute();
    s.app.ctx.permissions.invalidate();
  }
  return { id: row.user_id, username, token: await signIn(s.app, username), group, branch };
}

const pad = (n: number) => String(n).padStart(2, '0');
/** A local wall-clock time `seconds` from now, as the API takes notification dates. */
export function localIn(seconds: number): string {
  const d = new Date(Date.now() + seconds * 1000);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}
