import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { DATABASES, startServer, type TestServer } from '../harness';
import { world } from '../users/helpers';
import { exportPath, exportSlug } from '../../../resources/spreadsheets';

/**
 * An export holds its reader to their branch as the list does (users are kept per branch), and
 * takes the reader's time zone only when it is one.
 */
const usernames = (body: string, at: number) => {
  const rows: string[][] = parse(body.slice(1));
  return rows.slice(1).map((r) => r[at]);
};

describe.each(DATABASES)('export scope and zone on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind, { seed: false });
  }, 60_000);
  afterAll(async () => {
    await s?.close();
  });

  it("a branch's administrator exports the users of their own branch only", async () => {
    const users = s.app.ctx.registry.get('users');
    const w = await world(s, 'xp');
    const exporters = await w.group('EXP', ['users/user-list', exportSlug(users)]);
    await w.user('alice', w.branchA, exporters);
    await w.user('carol', w.branchA, exporters);
    await w.user('bob', w.branchB, exporters);
    const token = await w.login('alice');
    const url = `/api${exportPath(users)}?format=csv&status=all&sort=username&order=asc&columns=username,user_branch`;
    const mine = await s.call('GET', url, { token });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(usernames(mine.body, 0)).toEqual(['alice', 'carol']);
    // The whole list for a branch-0 administrator (the test's admin), bob included.
    const all = await s.call('GET', url);
    expect(usernames(all.body, 0)).toEqual(expect.arrayContaining(['alice', 'bob', 'carol']));
    // Asking for another branch is refused, as the list refuses it.
    const other = await s.call('GET', `${url}&user_branch=${w.branchB}`, { token });
    expect(other.statusCode).toBe(403);
  });

  it('takes a time zone the runtime knows and refuses one it does not', async () => {
    const medicine = s.app.ctx.registry.get('medicine');
    const ok = await s.call('GET', `/api${exportPath(medicine)}?format=csv&tz=${encodeURIComponent('Asia/Dhaka')}`);
    expect(ok.statusCode, ok.body).toBe(200);
    const bad = await s.call('GET', `/api${exportPath(medicine)}?format=csv&tz=${encodeURIComponent('Mars/Olympus')}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/tz/);
  });
});
