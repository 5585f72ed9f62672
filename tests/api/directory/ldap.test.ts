import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, DATABASES, startServer, type TestServer } from '../harness';
import { signIn } from '../accounts/helpers';
import { startSlapd, SUFFIX, type TestSlapd } from '../../fixtures/directory/slapd';
import { consoleSetUp, directorySettings, userCount, userNamed } from './helpers';
import { LOCKOUT } from '../../../server/modules/accounts/throttle';
import { escapeDnValue } from '../../../server/modules/directory/ldap';

describe.each(DATABASES)('LDAP bind against a real slapd on %s', (kind) => {
  let slapd: TestSlapd;
  let s: TestServer;
  let setUp: Awaited<ReturnType<typeof consoleSetUp>>;
  beforeAll(async () => {
    slapd = await startSlapd([
      { uid: 'sumi', password: 'sumi-ldap-pass', name: 'Sumi Akter', mail: 'sumi@hospital.test', branch: 'south', groups: ['ward-nurses'] },
      { uid: 'jamal', password: 'jamal-ldap-pass', name: 'Jamal Hossain', branch: 'north', groups: ['porters'] },
      { uid: 'locky', password: 'locky-ldap-pass', name: 'Locky Out', branch: 'north', groups: ['ward-nurses'] },
    ]);
    const ldap = {
      url: slapd.url,
      startTls: false,
      userDn: `uid={username},ou=people,${SUFFIX}`,
      groupBase: `ou=groups,${SUFFIX}`,
      groupFilter: '(member={dn})',
      groupAttribute: 'cn',
      branchAttribute: 'businessCategory',
      timeoutMs: 3000,
    };
    s = await startServer(kind, { config: { directory: { ...directorySettings(undefined), ldap } } });
    setUp = await consoleSetUp(s);
  });
  afterAll(async () => {
    await s.close();
    await slapd.stop();
  });

  const ldapSignIn = (username: string, password: string) =>
    s.call('POST', '/api/directory/ldap/sign-in', { token: null, body: { username, password } });

  it('binds as the person, reads their groups and branch, and signs them in to an account made for them', async () => {
    const res = await ldapSignIn('sumi', 'sumi-ldap-pass');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ username: 'sumi', sign_in_method: 'ldap' });
    expect(await userNamed(s, 'sumi')).toMatchObject({ user_name: 'Sumi Akter', user_group: setUp.nurses, user_branch: setUp.south });
    expect((await s.call('GET', '/api/directory/sign-in-options', { token: null })).json().data.ldap).toBe(true);
  });

  it('refuses a person whose groups the mapping does not know, creating nothing', async () => {
    const count = await userCount(s);
    const res = await ldapSignIn('jamal', 'jamal-ldap-pass');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/no group the console knows/);
    expect(await userCount(s)).toBe(count);
  });

  it('refuses a wrong or empty password, and counts wrong ones towards the lock-out like local failures', async () => {
    expect((await ldapSignIn('locky', '')).statusCode).toBe(422);
    for (let i = 0; i < LOCKOUT.failures; i++) {
      const wrong = await ldapSignIn('locky', `wrong-${i}`);
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().message).toBe('Invalid username or password');
    }
    // Locked now, even with the right password, and for the console's own password form too.
    const locked = await ldapSignIn('locky', 'locky-ldap-pass');
    expect(locked.statusCode).toBe(429);
    expect((await signIn(s, 'locky', 'locky-ldap-pass')).statusCode).toBe(429);
    expect(await userNamed(s, 'locky')).toBeUndefined();
  });

  it('cannot be steered to another entry by the username', async () => {
    expect(escapeDnValue('a,ou=groups')).toBe('a\\,ou\\=groups');
    const res = await ldapSignIn(`sumi,ou=people,${SUFFIX}`, 'sumi-ldap-pass');
    expect(res.statusCode).toBe(401);
  });

  it('answers 503 while the LDAP server is down, and password sign-in still works', async () => {
    await slapd.stop();
    const res = await ldapSignIn('sumi', 'sumi-ldap-pass');
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toMatch(/LDAP\) is not answering/);
    expect((await signIn(s, ADMIN.username, ADMIN.password)).statusCode).toBe(200);
  });
});
