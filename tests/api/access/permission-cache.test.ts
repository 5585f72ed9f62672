import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startServer, type TestServer } from '../harness';
import { createGroup, createPerson } from '../notifications/people';

/**
 * The permission cache (server/auth/permissions.ts) answers from memory, but not for ever: a
 * change another instance made to the shared database, whose message was lost, is seen after
 * 10 s at the latest.
 */
describe('the permission cache', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer('sqlite', { seed: false });
  });
  afterAll(() => s.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reads a change made behind its back once its entry is 10 s old', async () => {
    const clerk = await createPerson(s, 'cached-clerk', await createGroup(s, 'CACHE'), 0, ['branch/branch-list']);
    const who = { user_id: clerk.id, user_group: clerk.group };
    const { permissions, conn } = s.app.ctx;
    expect((await permissions.slugsFor(who)).has('branch/branch-list')).toBe(true);
    vi.useFakeTimers({ toFake: ['Date'] });
    // As another instance would: straight to the database, without telling this one.
    await conn.db.deleteFrom('user_permission').where('user_id', '=', clerk.id).execute();
    vi.setSystemTime(Date.now() + 9_000);
    expect((await permissions.slugsFor(who)).has('branch/branch-list')).toBe(true);
    vi.setSystemTime(Date.now() + 2_000);
    expect((await permissions.slugsFor(who)).has('branch/branch-list')).toBe(false);
  });
});
