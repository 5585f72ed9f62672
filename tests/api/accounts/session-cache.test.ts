import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../harness';
import { compiledRunner, type CompiledRunner } from '../../../server/db/compiled';
import { createSession, createSessionStore } from '../../../server/auth/sessions';
import { staff } from './helpers';

/**
 * The session cache (server/auth/sessions.ts) keeps a found session for a few seconds. A look-up
 * that read a session just before it was revoked must not put it back in the cache afterwards:
 * the revoked token would then work for up to 10 s more.
 */
describe('the session cache and revocation', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer('sqlite', { seed: false });
  });
  afterAll(() => s.close());

  it('does not keep a session read before its revocation finished', async () => {
    const conn = s.app.ctx.conn;
    const id = await staff(s, { username: 'revoked', password: 'sturdy-horse-battery' });
    const hash = (await conn.db.selectFrom('users').select('password_hash').where('user_id', '=', id).executeTakeFirstOrThrow())
      .password_hash;
    const token = await createSession(conn.db, id, hash, false, '127.0.0.1', 'test');
    if (!token) throw new Error('no session');

    // The look-up's read answers only once the revocation is done, as a slow read would.
    const real = compiledRunner(conn);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let hold = true;
    let reached: () => void = () => undefined;
    const readHeld = new Promise<void>((resolve) => (reached = resolve));
    const run: CompiledRunner = async (query, parameters) => {
      const rows = await real(query, parameters);
      if (hold) {
        reached();
        await held;
      }
      return rows;
    };
    const store = createSessionStore(conn.db, run);
    const during = store.find(token);
    // The revocation starts once the look-up has read the session and is held there.
    await readHeld;
    await store.revokeUser(id);
    hold = false;
    release();
    expect(await during).toBeDefined(); // it was live when read
    expect(await store.find(token)).toBeUndefined();
  });
});
