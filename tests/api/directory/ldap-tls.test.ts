import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../harness';
import { startSlapd, SUFFIX, type TestSlapd } from '../../fixtures/directory/slapd';
import { makeCertificates, type TestCertificates } from '../../fixtures/directory/certificates';
import type { LdapConfig } from '../../../server/directory-config';
import { consoleSetUp, directorySettings, userCount, userNamed } from './helpers';

/**
 * LDAP over TLS against a real slapd presenting a certificate the test made with `openssl` (its own
 * certificate authority): `ldaps://` and `ldap://` with StartTLS both sign in when LDAP_CA_FILE names
 * that authority, and both are refused, with a message naming the cause and nothing sent, when it
 * names another. The transport does not depend on the database: SQLite alone.
 */
describe('LDAP over TLS (ldaps:// and StartTLS) against a real slapd', () => {
  let certs: TestCertificates;
  let slapd: TestSlapd;
  const servers: TestServer[] = [];

  beforeAll(async () => {
    certs = makeCertificates();
    slapd = await startSlapd(
      [
        { uid: 'rina', password: 'rina-ldap-pass', name: 'Rina Das', branch: 'north', groups: ['ward-nurses'] },
        { uid: 'tomas', password: 'tomas-ldap-pass', name: 'Tomas Reyes', branch: 'south', groups: ['pharmacy'] },
      ],
      { certFile: certs.serverCertFile, keyFile: certs.serverKeyFile },
    );
  });
  afterAll(async () => {
    for (const s of servers) await s.close();
    await slapd.stop();
    certs.remove();
  });

  async function consoleWith(ldap: Pick<LdapConfig, 'url' | 'startTls' | 'caFile'>) {
    const s = await startServer('sqlite', {
      config: {
        directory: {
          ...directorySettings(undefined),
          ldap: {
            ...ldap,
            userDn: `uid={username},ou=people,${SUFFIX}`,
            groupBase: `ou=groups,${SUFFIX}`,
            groupFilter: '(member={dn})',
            groupAttribute: 'cn',
            branchAttribute: 'businessCategory',
            timeoutMs: 5000,
          },
        },
      },
    });
    servers.push(s);
    const setUp = await consoleSetUp(s);
    const signIn = (username: string, password: string) =>
      s.call('POST', '/api/directory/ldap/sign-in', { token: null, body: { username, password } });
    return { s, setUp, signIn };
  }

  it('signs in over ldaps:// when LDAP_CA_FILE names the authority that signed the certificate', async () => {
    const { s, setUp, signIn } = await consoleWith({ url: slapd.ldapsUrl ?? '', startTls: false, caFile: certs.caFile });
    const res = await signIn('rina', 'rina-ldap-pass');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ username: 'rina', sign_in_method: 'ldap' });
    expect(await userNamed(s, 'rina')).toMatchObject({ user_group: setUp.nurses, user_branch: setUp.north });
    // Still a bind as the person over TLS: a wrong password is a wrong password.
    expect((await signIn('rina', 'not-her-password')).statusCode).toBe(401);
  });

  it('signs in over ldap:// upgraded with StartTLS', async () => {
    const { s, setUp, signIn } = await consoleWith({ url: slapd.url, startTls: true, caFile: certs.caFile });
    const res = await signIn('tomas', 'tomas-ldap-pass');
    expect(res.statusCode, res.body).toBe(200);
    expect(await userNamed(s, 'tomas')).toMatchObject({ user_group: setUp.pharmacists, user_branch: setUp.south });
  });

  it.each([
    ['ldaps://', true],
    ['StartTLS', false],
  ])('refuses a certificate signed by another authority over %s, saying so, creating nothing', async (_how, ldaps) => {
    const url = ldaps ? (slapd.ldapsUrl ?? '') : slapd.url;
    const { s, signIn } = await consoleWith({ url, startTls: !ldaps, caFile: certs.otherCaFile });
    const before = await userCount(s);
    const res = await signIn('rina', 'rina-ldap-pass');
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toMatch(
      /^The directory's \(LDAP\) certificate is not trusted \((UNABLE_TO_VERIFY_LEAF_SIGNATURE|UNABLE_TO_GET_ISSUER_CERT_LOCALLY)\): .* check LDAP_CA_FILE/,
    );
    expect(await userNamed(s, 'rina')).toBeUndefined();
    expect(await userCount(s)).toBe(before);
  });
});
