import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startServer, type TestServer } from '../harness';
import { startProvider, type TestProvider } from '../../fixtures/directory/oidc-provider';
import { AFTER_LOGOUT, REDIRECT, consoleSetUp, directorySettings, oidcSignIn, userNamed } from './helpers';
import { groupNote, groupOriginOf } from '../../../server/modules/directory/placement-note';

/**
 * The explainer says where a user's group came from when the directory's mapping set it: the
 * users' update (or the account's creation) that set the group carries the claim, the value and
 * the mapping row in its trail entry's origin, and the explainer reads the newest such change.
 * A later change by an administrator is theirs: the explainer then says nothing of the directory.
 */
describe.each(DATABASES)('the explainer names the directory claim behind a group, on %s', (kind) => {
  let provider: TestProvider;
  let s: TestServer;
  let setUp: Awaited<ReturnType<typeof consoleSetUp>>;
  beforeAll(async () => {
    provider = await startProvider(REDIRECT, AFTER_LOGOUT);
    s = await startServer(kind, { config: { directory: directorySettings(provider) } });
    setUp = await consoleSetUp(s);
    provider.people.set('sub-rumi', { preferred_username: 'rumi', name: 'Rumi Sen', groups: ['ward-nurses'], branch: 'north' });
  });
  afterAll(async () => {
    await s.close();
    await provider.stop();
  });

  const groupFrom = async (userId: number) => {
    const res = await s.call('GET', `/api/explain/check-access?user=${userId}&slug=branch/branch-list`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.user as { group_id: number; group_name: string; group_from: unknown };
  };

  it('reads back what it writes, and nothing from an origin without the note', () => {
    const o = { method: 'LDAP', claim: 'cn', value: 'ward nurses (night)', mapping: 12 };
    expect(groupOriginOf(`Mozilla/5.0 ${groupNote(o)}`)).toEqual(o);
    expect(groupOriginOf('Mozilla/5.0 (X11; Linux x86_64)')).toBeUndefined();
    expect(groupOriginOf('')).toBeUndefined();
  });

  it('after a later OpenID sign-in moved the person: group Pharmacists from claim `groups`=pharmacy via its mapping', async () => {
    // The first sign-in makes the account (just in time). The creation's trail entry does not keep
    // the origin yet (the service records creates without it), so the move below is what is read.
    expect((await oidcSignIn(s, provider, 'sub-rumi')).statusCode).toBe(200);
    expect((await userNamed(s, 'rumi'))?.user_group).toBe(setUp.nurses);
    provider.people.set('sub-rumi', { preferred_username: 'rumi', name: 'Rumi Sen', groups: ['pharmacy', 'ward-nurses'], branch: 'north' });
    expect((await oidcSignIn(s, provider, 'sub-rumi')).statusCode).toBe(200);
    const rumi = await userNamed(s, 'rumi');
    expect(rumi?.user_group).toBe(setUp.pharmacists);
    const user = await groupFrom(rumi?.user_id ?? 0);
    expect(user).toMatchObject({ group_id: setUp.pharmacists, group_name: 'Pharmacists' });
    expect(user.group_from).toMatchObject({
      source: 'directory',
      method: 'OpenID Connect',
      claim: 'groups',
      value: 'pharmacy',
      mapping_id: setUp.mappings.pharmacists,
      set_at: expect.any(String),
    });
  });

  it('says nothing of the directory once an administrator set the group', async () => {
    const rumi = await userNamed(s, 'rumi');
    const moved = await s.call('PUT', `/api/users/user-update/${rumi?.user_id}`, { body: { user_group: setUp.nurses } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await groupFrom(rumi?.user_id ?? 0)).group_from).toBeNull();
  });

  it('after a SCIM create: group from the `roles` value via its mapping', async () => {
    const bearer = (await s.call('POST', '/api/directory/scim-tokens', { body: { name: 'Entra ID' } })).json().data.token as string;
    const made = await s.app.inject({
      method: 'POST',
      url: '/api/scim/v2/Users',
      headers: { 'content-type': 'application/scim+json', authorization: `Bearer ${bearer}` },
      payload: JSON.stringify({
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:User', 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User'],
        userName: 'tania',
        displayName: 'Tania Roy',
        roles: [{ value: 'pharmacy' }],
        'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User': { division: 'south' },
      }),
    });
    expect(made.statusCode, made.body).toBe(201);
    expect((await groupFrom(Number(made.json().id))).group_from).toMatchObject({
      method: 'SCIM',
      claim: 'roles',
      value: 'pharmacy',
      mapping_id: setUp.mappings.pharmacists,
    });
  });
});
