import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startServer, type TestServer } from '../harness';
import { startProvider, type TestProvider } from '../../fixtures/directory/oidc-provider';
import { AFTER_LOGOUT, REDIRECT, consoleSetUp, directorySettings, oidcSignIn, userCount, userNamed } from './helpers';
import { dynamic } from '../../../server/db/database';
import { enrolTotp } from '../second-factor/helpers';

describe.each(DATABASES)('OpenID Connect sign-in against a real provider on %s', (kind) => {
  let provider: TestProvider;
  let s: TestServer;
  let setUp: Awaited<ReturnType<typeof consoleSetUp>>;
  beforeAll(async () => {
    provider = await startProvider(REDIRECT, AFTER_LOGOUT);
    s = await startServer(kind, { config: { directory: directorySettings(provider) } });
    setUp = await consoleSetUp(s);
  });
  afterAll(async () => {
    await s.close();
    await provider.stop();
  });

  const trail = (userId: number, action: string) =>
    dynamic(s.app.ctx.conn.db)
      .selectFrom('audit_log')
      .selectAll()
      .where('audit_resource', '=', 'users')
      .where('audit_record', '=', userId)
      .where('audit_action', '=', action)
      .orderBy('audit_id', 'desc')
      .execute();

  it('offers the provider on the sign-in page', async () => {
    const res = await s.call('GET', '/api/directory/sign-in-options', { token: null });
    expect(res.json().data).toEqual({ oidc: { name: 'Hospital ID' }, ldap: false, password: true });
  });

  it("creates the account at the first sign-in, in the mapping's group and branch, and signs in", async () => {
    provider.people.set('sub-amina', {
      preferred_username: 'amina',
      name: 'Amina Rahman',
      email: 'amina@hospital.test',
      email_verified: true,
      groups: ['ward-nurses', 'staff'],
      branch: 'north',
    });
    const res = await oidcSignIn(s, provider, 'sub-amina');
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as { token: string; user_id: number; sign_in_method: string };
    expect(data.sign_in_method).toBe('oidc');
    const user = await userNamed(s, 'amina');
    expect(user).toMatchObject({ user_group: setUp.nurses, user_branch: setUp.north, user_status: 1, user_name: 'Amina Rahman' });
    const me = await s.call('GET', '/api/users/get-auth-user', { token: data.token });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.username).toBe('amina');
    // Made through the users' write path (its trail entry), and the sign-in says how it was made.
    expect(await trail(user!.user_id, 'create')).toHaveLength(1);
    const [signIn] = await trail(user!.user_id, 'sign-in');
    expect(JSON.parse(String(signIn!.audit_changes))).toMatchObject({
      sign_in_method: { after: 'OpenID Connect' },
      directory_account: { after: 'created' },
      directory_group: { after: `ward-nurses (mapping ${setUp.mappings.nurses})` },
      directory_branch: { after: `north (mapping ${setUp.mappings.north})` },
    });
  });

  it('applies the directory and the mapping as they are at each sign-in', async () => {
    provider.people.set('sub-amina', { ...provider.people.get('sub-amina')!, groups: ['ward-nurses', 'pharmacy'], branch: 'south' });
    expect((await oidcSignIn(s, provider, 'sub-amina')).statusCode).toBe(200);
    // Both rows match: the lower priority number wins.
    expect(await userNamed(s, 'amina')).toMatchObject({ user_group: setUp.pharmacists, user_branch: setUp.south });
    // The administrator turns the pharmacy row off: the next sign-in reads the table again.
    const off = await s.call('PUT', `/api/directory-mapping/directory-mapping-update/${setUp.mappings.pharmacists}`, {
      body: { mapping_status: 0 },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await oidcSignIn(s, provider, 'sub-amina')).statusCode).toBe(200);
    expect(await userNamed(s, 'amina')).toMatchObject({ user_group: setUp.nurses, user_branch: setUp.south });
    await s.call('PUT', `/api/directory-mapping/directory-mapping-update/${setUp.mappings.pharmacists}`, { body: { mapping_status: 1 } });
  });

  it('refuses a person the mapping gives no group, or no branch, and creates nothing', async () => {
    provider.people.set('sub-visitor', { preferred_username: 'visitor', groups: ['visitors'], branch: 'north' });
    provider.people.set('sub-nowhere', { preferred_username: 'nowhere', groups: ['ward-nurses'], branch: 'east' });
    const before = await userCount(s);
    const noGroup = await oidcSignIn(s, provider, 'sub-visitor');
    expect(noGroup.statusCode).toBe(403);
    expect(noGroup.json().message).toMatch(/no group the console knows/);
    const noBranch = await oidcSignIn(s, provider, 'sub-nowhere');
    expect(noBranch.statusCode).toBe(403);
    expect(noBranch.json().message).toMatch(/no branch the console knows/);
    expect(await userCount(s)).toBe(before);
    expect(await userNamed(s, 'visitor')).toBeUndefined();
    const links = await dynamic(s.app.ctx.conn.db)
      .selectFrom('directory_identity')
      .select('subject')
      .where('subject', 'in', ['sub-visitor', 'sub-nowhere'])
      .execute();
    expect(links).toEqual([]);
  });

  it('links the first sign-in to the account holding the verified e-mail, and never by an unverified one', async () => {
    const db = s.app.ctx.conn.db;
    const existing = await s.call('POST', '/api/users/user-create', {
      body: {
        user_name: 'Karim Uddin',
        username: 'karim',
        user_email: 'karim@hospital.test',
        user_branch: setUp.north,
        user_group: setUp.nurses,
        user_designation: (await dynamic(db).selectFrom('designation').select('designation_id').executeTakeFirstOrThrow()).designation_id,
        user_department: (await dynamic(db).selectFrom('department').select('department_id').executeTakeFirstOrThrow()).department_id,
        password: 'a-long-local-password',
        c_password: 'a-long-local-password',
      },
    });
    expect(existing.statusCode, existing.body).toBe(201);
    const before = await userCount(s);
    // Unverified: no link; and the username is taken, so no account is made either.
    provider.people.set('sub-karim-unverified', {
      preferred_username: 'karim',
      email: 'karim@hospital.test',
      email_verified: false,
      groups: ['ward-nurses'],
      branch: 'north',
    });
    const unverified = await oidcSignIn(s, provider, 'sub-karim-unverified');
    expect(unverified.statusCode).toBe(409);
    expect(unverified.json().message).toMatch(/"karim" exists but is not linked/);
    expect(await userCount(s)).toBe(before);
    provider.people.set('sub-karim', {
      preferred_username: 'k.uddin',
      email: 'karim@hospital.test',
      email_verified: true,
      groups: ['ward-nurses'],
      branch: 'north',
    });
    const linked = await oidcSignIn(s, provider, 'sub-karim');
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json().data.username).toBe('karim');
    expect(await userCount(s)).toBe(before);
  });

  it('refuses an account an administrator deactivated, and says so in the trail', async () => {
    const user = (await userNamed(s, 'karim'))!;
    const off = await s.call('PUT', `/api/users/user-update/${user.user_id}`, { body: { user_status: 0 } });
    expect(off.statusCode, off.body).toBe(200);
    const res = await oidcSignIn(s, provider, 'sub-karim');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('This account is inactive');
    expect(await userNamed(s, 'karim')).toMatchObject({ user_status: 0 });
    const [failed] = await trail(user.user_id, 'sign-in-failed');
    expect(JSON.parse(String(failed!.audit_changes))).toMatchObject({ sign_in_method: { after: 'OpenID Connect' } });
  });

  it("skips the console's own second factor when the provider reports a multi-factor sign-in", async () => {
    const first = await oidcSignIn(s, provider, 'sub-amina');
    await enrolTotp(s, first.json().data.token as string);
    // The provider says only a password (amr pwd): the console asks its own second factor.
    const passwordOnly = await oidcSignIn(s, provider, 'sub-amina', { amr: ['pwd'] });
    expect(passwordOnly.statusCode).toBe(200);
    expect(passwordOnly.json().data).not.toHaveProperty('token');
    expect(passwordOnly.json().data.second_factor.methods).toContain('totp');
    // A one-time code at the provider (amr otp): signed in at once, and the trail says why.
    const both = await oidcSignIn(s, provider, 'sub-amina', { amr: ['pwd', 'otp'] });
    expect(both.statusCode, both.body).toBe(200);
    expect(typeof both.json().data.token).toBe('string');
    const user = (await userNamed(s, 'amina'))!;
    const [signIn] = await trail(user.user_id, 'sign-in');
    expect(JSON.parse(String(signIn!.audit_changes))).toMatchObject({ second_factor: { after: 'by the directory (amr: otp)' } });
  });
});
