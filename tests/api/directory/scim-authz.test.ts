import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../harness';
import { consoleSetUp, directorySettings } from './helpers';

/**
 * SCIM is outside the OpenAPI document (tests/api/foundations/openapi.test.ts says why), so the
 * authorisation matrix does not reach it: this is its matrix. Every SCIM route (the table below,
 * checked against the routes the server holds) × every credential: none, a revoked token, a wrong
 * token, a Super Admin's console session (as `access-token` and as a Bearer token) are refused with
 * 401 in SCIM's shape before anything is read or written; a valid token is let through. (Fastify
 * lists no routes, so the table is checked to be real; a new SCIM route must be added to it.)
 */
const SCIM = '/api/scim/v2';
const ROUTES: { method: string; path: string }[] = [
  { method: 'GET', path: '/Users' },
  { method: 'POST', path: '/Users' },
  { method: 'GET', path: '/Users/:id' },
  { method: 'PUT', path: '/Users/:id' },
  { method: 'PATCH', path: '/Users/:id' },
  { method: 'DELETE', path: '/Users/:id' },
  { method: 'GET', path: '/Groups' },
  { method: 'POST', path: '/Groups' },
  { method: 'GET', path: '/Groups/:id' },
  { method: 'PUT', path: '/Groups/:id' },
  { method: 'PATCH', path: '/Groups/:id' },
  { method: 'DELETE', path: '/Groups/:id' },
  { method: 'GET', path: '/ServiceProviderConfig' },
];

describe('SCIM authorisation: every route × every credential', () => {
  let s: TestServer;
  let valid: string;
  let revoked: string;
  let userId: number;
  beforeAll(async () => {
    s = await startServer('sqlite', { config: { directory: directorySettings(undefined) } });
    await consoleSetUp(s);
    const make = async (name: string) => (await s.call('POST', '/api/directory/scim-tokens', { body: { name } })).json().data;
    valid = (await make('valid')).token as string;
    const old = await make('old');
    revoked = old.token as string;
    expect((await s.call('DELETE', `/api/directory/scim-tokens/${old.scim_token_id}`)).statusCode).toBe(200);
    userId = (await s.app.ctx.conn.db.selectFrom('users').select('user_id').where('username', '=', 'admin').executeTakeFirstOrThrow())
      .user_id;
  });
  afterAll(() => s.close());

  it('the table names SCIM routes the server holds (a route added later must be added here)', () => {
    const held = ROUTES.filter((r) => s.app.hasRoute({ method: r.method, url: `${SCIM}${r.path}` }));
    expect(held).toEqual(ROUTES);
  });

  const credentials: [string, () => Record<string, string>][] = [
    ['no token', () => ({})],
    ['a revoked token', () => ({ authorization: `Bearer ${revoked}` })],
    ['a wrong token', () => ({ authorization: 'Bearer scim_this-is-not-a-token' })],
    ["a Super Admin's console session (access-token)", () => ({ 'access-token': s.token })],
    ["a Super Admin's console session (Bearer)", () => ({ authorization: `Bearer ${s.token}` })],
  ];

  const request = (r: { method: string; path: string }, headers: Record<string, string>) =>
    s.app.inject({
      method: r.method as 'GET',
      url: `${SCIM}${r.path.replace(':id', String(userId))}`,
      headers: { 'content-type': 'application/scim+json', ...headers },
      ...(['POST', 'PUT', 'PATCH'].includes(r.method) && { payload: '{}' }),
    });

  for (const [who, headers] of credentials)
    it(`refuses ${who} on every route with 401, in SCIM's shape`, async () => {
      const before = await s.app.ctx.conn.db.selectFrom('users').select(['user_id', 'updated_at', 'user_status']).execute();
      for (const r of ROUTES) {
        const res = await request(r, headers());
        expect(res.statusCode, `${r.method} ${r.path}: ${res.body}`).toBe(401);
        expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
        expect(res.json()).toMatchObject({ schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'], status: '401' });
      }
      expect(await s.app.ctx.conn.db.selectFrom('users').select(['user_id', 'updated_at', 'user_status']).execute()).toEqual(before);
    });

  it('lets a valid token through on every route (answers other than 401: the route itself decides)', async () => {
    for (const r of ROUTES.filter((x) => x.method !== 'DELETE' || x.path.startsWith('/Groups'))) {
      const res = await request(r, { authorization: `Bearer ${valid}` });
      expect(res.statusCode, `${r.method} ${r.path}: ${res.body}`).not.toBe(401);
      expect(res.statusCode, `${r.method} ${r.path}: ${res.body}`).toBeLessThan(500);
    }
    // DELETE /Users/:id with a valid token, last: on a user made for it.
    const made = await s.app.inject({
      method: 'POST',
      url: `${SCIM}/Users`,
      headers: { 'content-type': 'application/scim+json', authorization: `Bearer ${valid}` },
      payload: JSON.stringify({
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:User', 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User'],
        userName: 'to-delete',
        roles: [{ value: 'ward-nurses' }],
        'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User': { division: 'north' },
      }),
    });
    expect(made.statusCode, made.body).toBe(201);
    const gone = await s.app.inject({
      method: 'DELETE',
      url: `${SCIM}/Users/${made.json().id}`,
      headers: { authorization: `Bearer ${valid}` },
    });
    expect(gone.statusCode, gone.body).toBe(204);
  });
});
