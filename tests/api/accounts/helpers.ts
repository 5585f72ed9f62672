import type { TestServer } from '../harness';
import { insertUser } from '../../fixtures/users';

/** A staff member with an e-mail address (and branch) written straight to the database. */
export async function staff(s: TestServer, who: { username: string; password: string; email?: string; branch?: number; slugs?: string[] }) {
  const group = (
    await s.call('POST', '/api/group/group-create', { body: { group_code: `G-${who.username}`, group_name: who.username } })
  ).json().data.group_id as number;
  await insertUser(s.app.ctx, { username: who.username, password: who.password, group, slugs: who.slugs ?? [] });
  const db = s.app.ctx.conn.db;
  await db
    .updateTable('users')
    .set({ user_email: who.email ?? `${who.username}@hospital.test`, user_branch: who.branch ?? 0 })
    .where('username', '=', who.username)
    .execute();
  const row = await db.selectFrom('users').select('user_id').where('username', '=', who.username).executeTakeFirstOrThrow();
  return row.user_id;
}

export async function signIn(
  s: TestServer,
  username: string,
  password: string,
  options: { ip?: string; remember?: boolean; ua?: string } = {},
) {
  return s.app.inject({
    method: 'POST',
    url: '/api/users/user-login/',
    payload: { username, password, remember: options.remember ?? false },
    remoteAddress: options.ip ?? '127.0.0.1',
    headers: { 'user-agent': options.ua ?? 'vitest-agent' },
  });
}

export async function tokenOf(
  s: TestServer,
  username: string,
  password: string,
  options: { ip?: string; remember?: boolean; ua?: string } = {},
) {
  const res = await signIn(s, username, password, options);
  if (res.statusCode !== 200) throw new Error(`sign-in of ${username} answered ${res.statusCode}: ${res.body}`);
  return res.json().data.token as string;
}
