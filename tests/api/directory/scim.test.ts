import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startServer, type TestServer } from '../harness';
import { consoleSetUp, directorySettings, userCount, userNamed } from './helpers';
import { tokenOf } from '../accounts/helpers';
import { dynamic } from '../../../server/db/database';

const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
const PATCH = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

describe.each(DATABASES)('SCIM 2.0 provisioning on %s', (kind) => {
  let s: TestServer;
  let setUp: Awaited<ReturnType<typeof consoleSetUp>>;
  let bearer: string;
  let tokenId: number;
  beforeAll(async () => {
    s = await startServer(kind, { config: { directory: directorySettings(undefined) } });
    setUp = await consoleSetUp(s);
    const made = await s.call('POST', '/api/directory/scim-tokens', { body: { name: 'Entra ID' } });
    expect(made.statusCode, made.body).toBe(201);
    bearer = made.json().data.token as string;
    tokenId = made.json().data.scim_token_id as number;
  });
  afterAll(() => s.close());

  const scim = (method: string, url: string, body?: unknown, token: string | null = bearer) =>
    s.app.inject({
      method: method as 'GET',
      url: `/api/scim/v2${url}`,
      headers: { 'content-type': 'application/scim+json', ...(token && { authorization: `Bearer ${token}` }) },
      ...(body !== undefined && { payload: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
  const nurse = (userName: string, more: Record<string, unknown> = {}) => ({
    schemas: [USER, ENTERPRISE],
    externalId: `ext-${userName}`,
    userName,
    name: { givenName: 'Nadia', familyName: 'Islam' },
    emails: [{ value: `${userName}@hospital.test`, type: 'work', primary: true }],
    active: true,
    roles: [{ value: 'ward-nurses' }],
    [ENTERPRISE]: { division: 'north' },
    ...more,
  });

  it('creates a user placed by the mapping, answers it as SCIM, and names the token in the trail', async () => {
    const res = await scim('POST', '/Users', nurse('nadia'));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['content-type']).toMatch(/application\/scim\+json/);
    const body = res.json();
    expect(body).toMatchObject({ userName: 'nadia', externalId: 'ext-nadia', displayName: 'Nadia Islam', active: true });
    expect(body.groups).toEqual([{ value: String(setUp.nurses), display: 'Nurses' }]);
    expect(res.headers.location).toBe(`/api/scim/v2/Users/${body.id}`);
    expect(await userNamed(s, 'nadia')).toMatchObject({
      user_group: setUp.nurses,
      user_branch: setUp.north,
      user_email: 'nadia@hospital.test',
    });
    const entry = await dynamic(s.app.ctx.conn.db)
      .selectFrom('audit_log')
      .select(['audit_browser'])
      .where('audit_resource', '=', 'users')
      .where('audit_record', '=', Number(body.id))
      .where('audit_action', '=', 'create')
      .executeTakeFirstOrThrow();
    expect(entry.audit_browser).toMatch(/^SCIM token "Entra ID"/);
  });

  it('finds users by the RFC 7644 filters', async () => {
    expect((await scim('POST', '/Users', nurse('omar', { name: { givenName: 'Omar', familyName: "O'Malley" } }))).statusCode).toBe(201);
    const find = async (filter: string) => {
      const res = await scim('GET', `/Users?filter=${encodeURIComponent(filter)}`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().Resources as { userName: string }[]).map((u) => u.userName).sort();
    };
    expect(await find('userName eq "nadia"')).toEqual(['nadia']);
    expect(await find('userName Eq "NADIA"')).toEqual(['nadia']);
    expect(await find('externalId eq "ext-omar"')).toEqual(['omar']);
    expect(await find(`name.formatted co "O'Malley"`)).toEqual(['omar']);
    expect(await find('userName sw "na" or userName sw "om"')).toEqual(['nadia', 'omar']);
    expect(await find('emails[type eq "work" and value co "@hospital.test"] and not (userName eq "omar")')).toEqual(['nadia']);
    expect(await find('externalId pr and active eq true')).toEqual(['nadia', 'omar']);
    const page = await scim('GET', '/Users?startIndex=2&count=1');
    expect(page.json()).toMatchObject({ totalResults: 3, startIndex: 2, itemsPerPage: 1 });
  });

  it.each([
    ['an unknown operator', 'userName xx "a"'],
    ['an unclosed quote', 'userName eq "a'],
    ['a value without quotes', 'userName eq bjensen'],
    ['a dangling and', 'userName eq "a" and'],
    ['an unclosed bracket', 'emails[type eq "work"'],
    ['nothing', ''],
  ])('refuses a malformed filter: %s', async (_what, filter) => {
    const res = await scim('GET', `/Users?filter=${encodeURIComponent(filter)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'],
      status: '400',
      scimType: 'invalidFilter',
    });
    expect(res.json().detail).toMatch(/The filter is malformed/);
  });

  it("patches as the RFC examples do, and a deactivation ends the person's sessions at once", async () => {
    const id = (await userNamed(s, 'nadia'))!.user_id;
    await s.call('PUT', `/api/users/user-update/${id}`, {
      body: { password: 'nadia-local-password-1', c_password: 'nadia-local-password-1' },
    });
    const session = await tokenOf(s, 'nadia', 'nadia-local-password-1');
    expect((await s.call('GET', '/api/users/get-auth-user', { token: session })).statusCode).toBe(200);
    const renamed = await scim('PATCH', `/Users/${id}`, {
      schemas: [PATCH],
      Operations: [
        { op: 'replace', path: 'emails[type eq "work"].value', value: 'nadia.islam@hospital.test' },
        { op: 'Replace', value: { displayName: 'Nadia R. Islam' } },
        { op: 'add', path: 'roles', value: [{ value: 'pharmacy' }] },
      ],
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await userNamed(s, 'nadia')).toMatchObject({
      user_email: 'nadia.islam@hospital.test',
      user_name: 'Nadia R. Islam',
      user_group: setUp.pharmacists,
    });
    // Entra ID's way: the boolean as text.
    const off = await scim('PATCH', `/Users/${id}`, { schemas: [PATCH], Operations: [{ op: 'Replace', path: 'active', value: 'False' }] });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().active).toBe(false);
    expect((await s.call('GET', '/api/users/get-auth-user', { token: session })).statusCode).toBe(401);
    const sessions = await s.app.ctx.conn.db.selectFrom('sessions').select('token_hash').where('user_id', '=', id).execute();
    expect(sessions).toEqual([]);
  });

  it.each([
    ['a body that is not JSON', '{"schemas": ['],
    ['no PatchOp schema', { Operations: [{ op: 'replace', path: 'active', value: false }] }],
    ['no Operations', { schemas: [PATCH] }],
    ['an unknown op', { schemas: [PATCH], Operations: [{ op: 'move', path: 'active', value: false }] }],
    ['a replace without a value', { schemas: [PATCH], Operations: [{ op: 'replace', path: 'active' }] }],
    ['a remove without a path', { schemas: [PATCH], Operations: [{ op: 'remove' }] }],
    ['a malformed path', { schemas: [PATCH], Operations: [{ op: 'replace', path: 'emails[type eq', value: 'x' }] }],
    [
      'a filter that matches nothing',
      { schemas: [PATCH], Operations: [{ op: 'replace', path: 'emails[type eq "home"].value', value: 'x@y.z' }] },
    ],
    ['a value of the wrong type', { schemas: [PATCH], Operations: [{ op: 'replace', path: 'active', value: 'maybe' }] }],
    ['a userName taken by another', { schemas: [PATCH], Operations: [{ op: 'replace', path: 'userName', value: 'nadia' }] }],
  ])('refuses a malformed PATCH (%s) and changes nothing', async (_what, body) => {
    const id = (await userNamed(s, 'omar'))!.user_id;
    const before = await scim('GET', `/Users/${id}`);
    const res = await scim('PATCH', `/Users/${id}`, body);
    expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().schemas).toEqual(['urn:ietf:params:scim:api:messages:2.0:Error']);
    expect(res.json().detail).toEqual(expect.any(String));
    expect((await scim('GET', `/Users/${id}`)).json()).toEqual(before.json());
  });

  it('refuses a user the mapping cannot place, and creates nothing', async () => {
    const count = await userCount(s);
    const res = await scim('POST', '/Users', nurse('stray', { roles: [{ value: 'visitors' }] }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ scimType: 'invalidValue' });
    expect(res.json().detail).toMatch(/no group the console knows/);
    expect((await scim('POST', '/Users', nurse('nadia'))).statusCode).toBe(409);
    expect(await userCount(s)).toBe(count);
  });

  it('lists the console groups as SCIM Groups, and refuses to write them', async () => {
    const res = await scim('GET', `/Groups?filter=${encodeURIComponent('displayName eq "Nurses"')}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().Resources).toHaveLength(1);
    expect(res.json().Resources[0].members.map((m: { display: string }) => m.display)).toContain("Omar O'Malley");
    expect((await scim('POST', '/Groups', { schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'], displayName: 'x' })).statusCode).toBe(
      400,
    );
    expect((await scim('GET', '/ServiceProviderConfig')).json().patch).toEqual({ supported: true });
  });

  it('refuses a request without a token, with a wrong one, or with a revoked one', async () => {
    const none = await scim('GET', '/Users', undefined, null);
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toMatch(/Bearer/);
    expect(none.json()).toMatchObject({ status: '401', detail: expect.stringMatching(/bearer token is required/) });
    expect((await scim('GET', '/Users', undefined, 'scim_not-a-token')).statusCode).toBe(401);
    // A console session is not a SCIM token.
    expect((await scim('GET', '/Users', undefined, s.token)).statusCode).toBe(401);
    const revoke = await s.call('DELETE', `/api/directory/scim-tokens/${tokenId}`);
    expect(revoke.statusCode, revoke.body).toBe(200);
    const count = await userCount(s);
    const after = await scim('POST', '/Users', nurse('late'));
    expect(after.statusCode).toBe(401);
    expect(after.json().detail).toMatch(/revoked/);
    expect(await userCount(s)).toBe(count);
    const list = await s.call('GET', '/api/directory/scim-tokens');
    expect(list.json().data[0]).toMatchObject({ token_name: 'Entra ID', revoked_at: expect.any(String) });
    expect(list.json().data[0]).not.toHaveProperty('token_hash');
  });
});
