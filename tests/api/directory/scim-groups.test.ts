import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startServer, type TestServer } from '../harness';
import { consoleSetUp, directorySettings, userNamed } from './helpers';
import { auditDb } from '../../../server/modules/audit/chain';
import { openEntries } from '../../../server/modules/audit/sealed-values';

const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
const GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';
const PATCH = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

/**
 * SCIM Groups (RFC 7644): the console's groups listed and filtered, and their members changed by
 * PATCH as the RFC's examples (section 3.5.2) do it: a person added to a group holds that group,
 * a person removed gets the mapping's default group; every move an update of the user through the
 * users' write path (the trail has it, with the token's name). Malformed filters and PATCH bodies
 * are refused in SCIM's error shape and change nothing.
 */
describe.each(DATABASES)('SCIM Groups on %s', (kind) => {
  let s: TestServer;
  let setUp: Awaited<ReturnType<typeof consoleSetUp>>;
  let bearer: string;
  const ids: Record<string, string> = {};

  const scim = (method: string, url: string, body?: unknown) =>
    s.app.inject({
      method: method as 'GET',
      url: `/api/scim/v2${url}`,
      headers: { 'content-type': 'application/scim+json', authorization: `Bearer ${bearer}` },
      ...(body !== undefined && { payload: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
  const patch = (group: number, ...operations: unknown[]) =>
    scim('PATCH', `/Groups/${group}`, { schemas: [PATCH], Operations: operations });
  const memberNames = async (group: number) => {
    const res = await scim('GET', `/Groups/${group}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().members as { display: string }[]).map((m) => m.display).sort();
  };
  const groupOf = async (username: string) => (await userNamed(s, username))?.user_group;

  beforeAll(async () => {
    s = await startServer(kind, { config: { directory: directorySettings(undefined) } });
    setUp = await consoleSetUp(s);
    bearer = (await s.call('POST', '/api/directory/scim-tokens', { body: { name: 'Okta' } })).json().data.token as string;
    for (const [userName, role] of [
      ['amina', 'ward-nurses'],
      ['babar', 'ward-nurses'],
      ['chen', 'pharmacy'],
    ] as const) {
      const made = await scim('POST', '/Users', {
        schemas: [USER, ENTERPRISE],
        userName,
        displayName: userName.charAt(0).toUpperCase() + userName.slice(1),
        roles: [{ value: role }],
        [ENTERPRISE]: { division: 'north' },
      });
      expect(made.statusCode, made.body).toBe(201);
      ids[userName] = made.json().id as string;
    }
  });
  afterAll(() => s.close());

  it('lists the groups with their members, filtered as RFC 7644 section 3.4.2.2 says, members left out on request', async () => {
    const find = async (filter: string, more = '') => {
      const res = await scim('GET', `/Groups?filter=${encodeURIComponent(filter)}${more}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().schemas).toEqual(['urn:ietf:params:scim:api:messages:2.0:ListResponse']);
      return res.json().Resources as { displayName: string; externalId: string; members?: unknown[]; schemas: string[] }[];
    };
    const nurses = await find('displayName eq "nurses"');
    expect(nurses.map((g) => g.displayName)).toEqual(['Nurses']);
    expect(nurses[0]).toMatchObject({ externalId: 'NURSE', schemas: [GROUP] });
    expect(await memberNames(setUp.nurses)).toEqual(['Amina', 'Babar']);
    expect((await find('externalId eq "PHARM" or displayName sw "Nur"')).map((g) => g.displayName).sort()).toEqual([
      'Nurses',
      'Pharmacists',
    ]);
    expect((await find(`members[value eq "${ids.chen}"]`)).map((g) => g.displayName)).toEqual(['Pharmacists']);
    const lean = await find('displayName eq "Nurses"', '&excludedAttributes=members');
    expect(lean[0]).not.toHaveProperty('members');
    expect((await scim('GET', `/Groups/${setUp.nurses}?excludedAttributes=members`)).json()).not.toHaveProperty('members');
  });

  it('adds members as the RFC example does: each holds the group now, written through the users write path', async () => {
    const res = await patch(setUp.nurses, { op: 'add', path: 'members', value: [{ display: 'Chen', value: ids.chen }] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/scim\+json/);
    expect((res.json().members as { value: string }[]).map((m) => m.value)).toContain(ids.chen);
    expect(await groupOf('chen')).toBe(setUp.nurses);
    // A person's group is personal data, sealed in the trail: read as the trail's readers open it.
    const [entry] = await openEntries(
      s.app.ctx.conn.db,
      await auditDb(s.app.ctx.conn.db)
        .selectFrom('audit_log')
        .selectAll()
        .where('audit_resource', '=', 'users')
        .where('audit_record', '=', Number(ids.chen))
        .orderBy('audit_id', 'desc')
        .limit(1)
        .execute(),
    );
    if (!entry) throw new Error('no audit entry for the member added');
    expect(entry.audit_action).toBe('update');
    expect(JSON.parse(entry.audit_changes)).toMatchObject({ user_group: { before: setUp.pharmacists, after: setUp.nurses } });
    expect(entry.audit_browser).toMatch(/^SCIM token "Okta"/);
    // Adding someone who is a member already changes nothing.
    expect((await patch(setUp.nurses, { op: 'add', path: 'members', value: [{ value: ids.chen }] })).statusCode).toBe(200);
    expect(await memberNames(setUp.nurses)).toEqual(['Amina', 'Babar', 'Chen']);
  });

  it('refuses to remove a member while the mapping gives no default group, changing nothing', async () => {
    const res = await patch(setUp.nurses, { op: 'remove', path: `members[value eq "${ids.chen}"]` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'], status: '400', scimType: 'mutability' });
    expect(res.json().detail).toMatch(/exactly one group/);
    expect(await groupOf('chen')).toBe(setUp.nurses);
  });

  it('removes members as the RFC examples do (a value filter; Entra ID’s list of values) to the default group', async () => {
    const made = await s.call('POST', '/api/directory-mapping/directory-mapping-create', {
      body: { mapping_kind: 'group', mapping_value: '*', mapping_group: setUp.pharmacists, mapping_priority: 99 },
    });
    expect(made.statusCode, made.body).toBe(201);
    expect((await patch(setUp.nurses, { op: 'remove', path: `members[value eq "${ids.chen}"]` })).statusCode).toBe(200);
    expect(await groupOf('chen')).toBe(setUp.pharmacists);
    const entra = await patch(setUp.nurses, { op: 'Remove', path: 'members', value: [{ value: ids.babar }] });
    expect(entra.statusCode, entra.body).toBe(200);
    expect(await memberNames(setUp.nurses)).toEqual(['Amina']);
    // Removing someone who is not a member is no change.
    expect((await patch(setUp.nurses, { op: 'remove', path: `members[value eq "${ids.chen}"]` })).statusCode).toBe(200);
    expect(await groupOf('chen')).toBe(setUp.pharmacists);
  });

  it('replaces the members (with and without a path), moving out those not named', async () => {
    const res = await patch(setUp.nurses, { op: 'replace', path: 'members', value: [{ value: ids.babar }, { value: ids.chen }] });
    expect(res.statusCode, res.body).toBe(200);
    expect(await memberNames(setUp.nurses)).toEqual(['Babar', 'Chen']);
    expect(await groupOf('amina')).toBe(setUp.pharmacists);
    // Okta's form: no path, the group's own name (unchanged) beside the members.
    const okta = await patch(setUp.nurses, {
      op: 'replace',
      value: { id: String(setUp.nurses), displayName: 'Nurses', members: [{ value: ids.amina }] },
    });
    expect(okta.statusCode, okta.body).toBe(200);
    expect(await memberNames(setUp.nurses)).toEqual(['Amina']);
  });

  it.each([
    ['a body that is not a PatchOp', { Operations: [{ op: 'add', path: 'members', value: [] }] }, 'invalidSyntax'],
    ['no operations', { schemas: [PATCH], Operations: [] }, 'invalidSyntax'],
    ['an unknown op', { schemas: [PATCH], Operations: [{ op: 'move', path: 'members', value: [] }] }, 'invalidSyntax'],
    ['add without a value', { schemas: [PATCH], Operations: [{ op: 'add', path: 'members' }] }, 'invalidValue'],
    [
      'a member that is not a user id',
      { schemas: [PATCH], Operations: [{ op: 'add', path: 'members', value: [{ value: 'x y' }] }] },
      'invalidValue',
    ],
    [
      'a member that does not exist',
      { schemas: [PATCH], Operations: [{ op: 'add', path: 'members', value: [{ value: '999999' }] }] },
      'invalidValue',
    ],
    ['a malformed member filter', { schemas: [PATCH], Operations: [{ op: 'remove', path: 'members[value eq ]' }] }, 'invalidPath'],
    ['a path that is no attribute', { schemas: [PATCH], Operations: [{ op: 'replace', path: 'owner', value: 'x' }] }, 'invalidPath'],
    ['remove without a path', { schemas: [PATCH], Operations: [{ op: 'remove' }] }, 'noTarget'],
    ['a rename', { schemas: [PATCH], Operations: [{ op: 'replace', path: 'displayName', value: 'Midwives' }] }, 'mutability'],
    [
      'a good operation before a bad one',
      { schemas: [PATCH], Operations: [{ op: 'add', path: 'members', value: [{ value: 'BABAR' }] }, { op: 'nope' }] },
      'invalidSyntax',
    ],
  ])('refuses %s in SCIM’s error shape, changing nothing', async (_what, body, scimType) => {
    const before = await memberNames(setUp.nurses);
    const realBody = JSON.parse(JSON.stringify(body).replace('"BABAR"', JSON.stringify(ids.babar ?? ''))) as unknown;
    const res = await scim('PATCH', `/Groups/${setUp.nurses}`, realBody);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'], status: '400', scimType });
    expect(await memberNames(setUp.nurses)).toEqual(before);
  });

  it('refuses malformed filters with invalidFilter, and unknown groups with 404', async () => {
    for (const filter of ['displayName eq', 'displayName zz "x"', '(displayName eq "x"', 'members[value eq "1"']) {
      const res = await scim('GET', `/Groups?filter=${encodeURIComponent(filter)}`);
      expect(res.statusCode, filter).toBe(400);
      expect(res.json()).toMatchObject({ scimType: 'invalidFilter', status: '400' });
    }
    expect((await scim('GET', '/Groups/999999')).statusCode).toBe(404);
    expect((await patch(999999, { op: 'add', path: 'members', value: [{ value: ids.amina }] })).statusCode).toBe(404);
    const json = await scim('PATCH', `/Groups/${setUp.nurses}`, '{"schemas": [');
    expect(json.statusCode).toBe(400);
    expect(json.json()).toMatchObject({ scimType: 'invalidSyntax' });
  });

  it('still refuses to make, replace or delete a group', async () => {
    for (const [method, url] of [
      ['POST', '/Groups'],
      ['PUT', `/Groups/${setUp.nurses}`],
      ['DELETE', `/Groups/${setUp.nurses}`],
    ] as const) {
      const res = await scim(method, url, method === 'DELETE' ? undefined : { schemas: [GROUP], displayName: 'Midwives' });
      expect(res.statusCode, `${method} ${url}`).toBe(400);
      expect(res.json()).toMatchObject({ scimType: 'mutability' });
    }
  });
});
