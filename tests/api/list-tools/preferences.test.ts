import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startServer, type TestServer } from '../harness';
import { world, type World } from '../users/helpers';

/** Saved filters and column choices: the signed-in user's, kept on the server, shared only with their group. */
describe.each(DATABASES)('list preferences on %s', (kind) => {
  let s: TestServer;
  let w: World;
  /** Two members of one group, and one of another. */
  let alice: string;
  let bob: string;
  let carol: string;
  beforeAll(async () => {
    s = await startServer(kind, { seed: false });
    w = await world(s, kind);
    const clerks = await w.group('CLERKS', ['medicine/medicine-list']);
    const others = await w.group('OTHERS', ['medicine/medicine-list']);
    await w.user('alice', w.branchA, clerks);
    await w.user('bob', w.branchA, clerks);
    await w.user('carol', w.branchA, others);
    [alice, bob, carol] = await Promise.all([w.login('alice'), w.login('bob'), w.login('carol')]);
  }, 60_000);
  afterAll(() => s?.close());

  const create = (token: string, body: unknown) => s.call('POST', '/api/preferences/saved-filter-create', { token, body });
  const names = async (token: string, resource = 'medicine') => {
    const res = await s.call('GET', `/api/preferences/saved-filter-list?resource=${resource}`, { token });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as { name: string; shared: boolean; mine: boolean; author: string }[]).map(
      (f) => `${f.name}${f.shared ? ' (shared)' : ''}${f.mine ? ' (mine)' : ` by ${f.author}`}`,
    );
  };

  it('keeps a named filter for its author, and shares one with the author’s group only', async () => {
    const own = await create(alice, { resource: 'medicine', name: 'Inactive syrups', filter: { q: 'syrup', status: '0' } });
    expect(own.statusCode, own.body).toBe(201);
    expect(own.json().data).toMatchObject({
      resource: 'medicine',
      name: 'Inactive syrups',
      filter: { q: 'syrup', status: '0' },
      shared: false,
      mine: true,
      author: 'User alice',
    });
    const shared = await create(alice, { resource: 'medicine', name: 'Active', filter: { status: '1' }, shared: true });
    expect(shared.statusCode).toBe(201);
    await create(alice, { resource: 'doctors', name: 'Eye doctors', filter: { q: 'eye' } });

    expect(await names(alice)).toEqual(['Active (shared) (mine)', 'Inactive syrups (mine)']);
    expect(await names(bob)).toEqual(['Active (shared) by User alice']);
    expect(await names(carol)).toEqual([]);
    // Without a resource: every list's.
    const all = (await s.call('GET', '/api/preferences/saved-filter-list', { token: alice })).json();
    expect(all.total).toBe(3);
    const bobs = (await s.call('GET', '/api/preferences/saved-filter-list?resource=medicine', { token: bob })).json().data;
    expect(bobs[0].filter).toEqual({ status: '1' });
  });

  it('deletes only the author’s own: another member of the group gets 403, anyone else 404', async () => {
    const id = (await create(alice, { resource: 'medicine', name: 'To delete', filter: {}, shared: true })).json().data.saved_filter_id;
    const byBob = await s.call('DELETE', `/api/preferences/saved-filter-delete/${id}`, { token: bob });
    expect(byBob.statusCode).toBe(403);
    expect(byBob.json()).toEqual({ status: 0, message: 'Only its author can delete a shared filter', data: null });
    const byCarol = await s.call('DELETE', `/api/preferences/saved-filter-delete/${id}`, { token: carol });
    expect(byCarol.statusCode).toBe(404);
    expect(await names(alice)).toContain('To delete (shared) (mine)');
    const byAlice = await s.call('DELETE', `/api/preferences/saved-filter-delete/${id}`, { token: alice });
    expect(byAlice.statusCode).toBe(200);
    expect(await names(alice)).not.toContain('To delete (shared) (mine)');
    expect((await s.call('DELETE', `/api/preferences/saved-filter-delete/${id}`, { token: alice })).statusCode).toBe(404);
  });

  it('refuses bad input in the envelope and saves nothing', async () => {
    const before = await names(carol);
    const cases: [unknown, number, RegExp][] = [
      [{ resource: 'medicine', name: '', filter: {} }, 422, /name/],
      [{ resource: 'medicine', name: '   ', filter: {} }, 422, /name/],
      [{ resource: 'medicine', name: 'x'.repeat(101), filter: {} }, 422, /name/],
      [{ resource: 'nothing', name: 'A', filter: {} }, 422, /resource/],
      [{ resource: 'about', name: 'A', filter: {} }, 422, /not a list/],
      [{ resource: 'medicine', name: 'A', filter: 'status=1' }, 422, /filter/],
      [{ resource: 'medicine', name: 'A', filter: { q: 'x'.repeat(5000) } }, 422, /filter/],
      [{ resource: 'medicine', name: 'A' }, 422, /filter/],
    ];
    for (const [body, status, message] of cases) {
      const res = await create(carol, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(status);
      expect(res.json()).toMatchObject({ status: 0, message: expect.stringMatching(message), data: null });
    }
    expect(await names(carol)).toEqual(before);
    expect((await create(carol, { resource: 'medicine', name: 'Mine', filter: {} })).statusCode).toBe(201);
    const again = await create(carol, { resource: 'medicine', name: 'Mine', filter: { q: 'a' } });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You already have a filter named "Mine" on this list');
    // Another user may use the same name.
    expect((await create(bob, { resource: 'medicine', name: 'Mine', filter: {} })).statusCode).toBe(201);
    expect((await s.call('GET', '/api/preferences/saved-filter-list?resource=nothing', { token: carol })).statusCode).toBe(422);
    expect((await s.call('GET', '/api/preferences/saved-filter-list', { token: null })).statusCode).toBe(401);
  });

  it('keeps each user’s column choice per list, and nobody else’s', async () => {
    const put = (token: string, body: unknown) => s.call('PUT', '/api/preferences/list-columns-update', { token, body });
    expect((await put(alice, { resource: 'medicine', hidden: ['medicine_price'], ranks: [0, 2, 1] })).statusCode).toBe(200);
    expect((await put(alice, { resource: 'medicine', hidden: ['medicine_price', 'medicine_code'] })).statusCode).toBe(200);
    expect((await put(bob, { resource: 'doctors', hidden: [] })).statusCode).toBe(200);
    const read = async (token: string, query = '?resource=medicine') =>
      (await s.call('GET', `/api/preferences/list-columns${query}`, { token })).json().data as unknown[];
    expect(await read(alice)).toEqual([{ resource: 'medicine', hidden: ['medicine_price', 'medicine_code'], ranks: null }]);
    expect(await read(bob)).toEqual([]);
    expect(await read(bob, '')).toEqual([{ resource: 'doctors', hidden: [], ranks: null }]);
    for (const body of [
      { resource: 'medicine' },
      { resource: 'medicine', hidden: { price: false } },
      { resource: 'x', hidden: [] },
      { resource: 'medicine', hidden: [], ranks: [-1] },
    ]) {
      const res = await put(alice, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().status).toBe(0);
    }
    expect(await read(alice)).toEqual([{ resource: 'medicine', hidden: ['medicine_price', 'medicine_code'], ranks: null }]);
  });

  it('goes with its user: a deleted user’s filters and columns are gone', async () => {
    const g = await w.group('LEAVERS', ['medicine/medicine-list']);
    const id = await w.user('leaver', w.branchA, g);
    const token = await w.login('leaver');
    await create(token, { resource: 'medicine', name: 'Leaving', filter: {} });
    await s.call('PUT', '/api/preferences/list-columns-update', { token, body: { resource: 'medicine', hidden: [] } });
    expect((await s.call('DELETE', `/api/users/user-delete/${id}`)).statusCode).toBe(200);
    const db = s.app.ctx.conn.db.withTables<{ saved_filter: { user_id: number }; list_columns: { user_id: number } }>();
    expect(await db.selectFrom('saved_filter').select('user_id').where('user_id', '=', id).execute()).toEqual([]);
    expect(await db.selectFrom('list_columns').select('user_id').where('user_id', '=', id).execute()).toEqual([]);
  });
});
