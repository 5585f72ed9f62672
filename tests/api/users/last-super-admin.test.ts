import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startServer, type TestServer } from '../harness';
import { hashPassword } from '../../../server/auth/passwords';
import { createGroup, createPerson, signIn, type Person } from '../notifications/people';

/**
 * Two Super Admins removing each other at the same moment: each request checks that another
 * active Super Admin remains before either writes. One of them must be refused (409), so the
 * console always keeps someone who can repair menus and permissions.
 */
describe.each(DATABASES)('the last Super Admin under simultaneous changes on %s', (kind) => {
  let s: TestServer;
  let superAdmin: number;
  let other: number;
  let ann: Person, ben: Person;
  beforeAll(async () => {
    s = await startServer(kind, { seed: false });
    superAdmin = (await s.call('GET', '/api/users/get-auth-user')).json().data.user_group.group_id as number;
    other = await createGroup(s, 'CLERKS');
    ann = await createPerson(s, 'ann-sa', superAdmin, 0);
    ben = await createPerson(s, 'ben-sa', superAdmin, 0);
    // Ann and Ben are the only active Super Admins left.
    expect((await s.call('PUT', '/api/users/user-update/1', { token: ann.token, body: { user_status: 0 } })).statusCode).toBe(200);
  });
  afterAll(() => s.close());

  const db = () => s.app.ctx.conn.db;
  const activeSuperAdmins = async () =>
    (await db().selectFrom('users').select('user_id').where('user_group', '=', superAdmin).where('user_status', '=', 1).execute()).length;
  const PW = 'quiet-harbour-lamp-5';
  const restore = async () => {
    await db()
      .updateTable('users')
      .set({ user_group: superAdmin, user_status: 1, password_hash: await hashPassword(PW) })
      .where('user_id', 'in', [ann.id, ben.id])
      .execute();
    s.app.ctx.sessions.invalidate();
    s.app.ctx.permissions.invalidate();
    return Promise.all([signIn(s.app, ann.username, PW), signIn(s.app, ben.username, PW)]);
  };
  // A password in the body makes each request wait on its hashing between its checks and its write.
  const password = { password: PW, c_password: PW };

  for (const [what, change] of [
    ['move each other to another group', () => ({ user_group: other, ...password })],
    ['deactivate each other', () => ({ user_status: 0, ...password })],
  ] as const)
    it(`two Super Admins who ${what} at once leave one of them (10 rounds)`, async () => {
      for (let round = 0; round < 10; round++) {
        const [a, b] = await restore();
        const answers = await Promise.all([
          s.call('PUT', `/api/users/user-update/${ben.id}`, { token: a, body: change() }),
          s.call('PUT', `/api/users/user-update/${ann.id}`, { token: b, body: change() }),
        ]);
        expect(await activeSuperAdmins(), `round ${round}: ${answers.map((r) => r.statusCode).join(', ')}`).toBe(1);
        // The other is refused: 409 when its change was judged after the first one landed; or, for a
        // deactivation, 401 when its own account was deactivated (its sessions end with it) before its
        // request was read. Either way nothing of its change is stored.
        const codes = answers.map((r) => r.statusCode).sort();
        expect(
          what === 'deactivate each other'
            ? [
                [200, 409],
                [200, 401],
              ]
            : [[200, 409]],
        ).toContainEqual(codes);
        const refused = answers.find((r) => r.statusCode !== 200);
        if (refused?.statusCode === 409) expect(refused.json().message).toMatch(/^The last active Super Admin cannot be /);
        else expect(refused?.json().message).toMatch(/sign in/i);
      }
    });

  it('two Super Admins who delete each other at once leave one of them', async () => {
    const [a, b] = await restore();
    const answers = await Promise.all([
      s.call('DELETE', `/api/users/user-delete/${ben.id}`, { token: a }),
      s.call('DELETE', `/api/users/user-delete/${ann.id}`, { token: b }),
    ]);
    expect(await activeSuperAdmins()).toBe(1);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });
});
