import fs from 'node:fs';
import { Client, Filter, InvalidCredentialsError } from 'ldapts';
import type { LdapConfig } from '../../directory-config';
import { ApiError } from '../../http/envelope';

/**
 * LDAP / Active Directory bind (ldapts): the person's own DN (from the configured template) binds
 * with their password, over LDAPS or StartTLS (plain `ldap://` only to a server on this machine);
 * then their entry and the groups they are a member of are read with their own rights.
 */
export interface LdapPerson {
  dn: string;
  name: string;
  email?: string;
  groups: string[];
  branch: string[];
}

export class WrongPassword extends Error {}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/** RFC 4514: a value inside a DN, escaped so a username cannot add RDNs or change the DN. */
export function escapeDnValue(value: string): string {
  let out = value.replace(/[\\,+"<>;=\0]/g, (c) => (c === '\0' ? '\\00' : `\\${c}`));
  if (out.startsWith(' ') || out.startsWith('#')) out = `\\${out}`;
  if (out.endsWith(' ') && out.length > 1) out = `${out.slice(0, -1)}\\ `;
  return out;
}

const first = (v: unknown): string | undefined => {
  const x = Array.isArray(v) ? (v as unknown[])[0] : v;
  return typeof x === 'string' ? x : Buffer.isBuffer(x) ? x.toString('utf8') : undefined;
};
const all = (v: unknown): string[] =>
  (Array.isArray(v) ? (v as unknown[]) : v === undefined ? [] : [v])
    .map((x) => (typeof x === 'string' ? x : Buffer.isBuffer(x) ? x.toString('utf8') : ''))
    .filter(Boolean);

export const ldapUnavailable = () =>
  new ApiError(503, 'The directory (LDAP) is not answering: sign-in through it is not possible now; try again in a few minutes');

/** Node's codes for a certificate the configured authorities do not vouch for, or for another host. */
const CERTIFICATE_CODES = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'CERT_SIGNATURE_FAILURE',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_UNTRUSTED',
  'CERT_REJECTED',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

function certificateProblem(err: unknown): string | undefined {
  for (let e: unknown = err, i = 0; e && i < 6; e = (e as { cause?: unknown }).cause, i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && CERTIFICATE_CODES.has(code)) return code;
  }
  return undefined;
}

/**
 * The server answered, but its certificate is not one the console trusts (LDAP_CA_FILE names
 * another authority, or none is set for a private one; or the certificate is for another host):
 * nothing was sent to it, not even the person's DN. Said plainly, for the administrator to fix.
 */
export const ldapUntrusted = (code: string) =>
  new ApiError(
    503,
    `The directory's (LDAP) certificate is not trusted (${code}): sign-in through it is not possible; an administrator must check LDAP_CA_FILE and LDAP_URL`,
  );

export function checkTransport(cfg: LdapConfig): void {
  const url = new URL(cfg.url);
  if (url.protocol === 'ldaps:' || cfg.startTls) return;
  if (url.protocol === 'ldap:' && LOOPBACK.has(url.hostname)) return;
  throw new Error('LDAP_URL must be ldaps://, or ldap:// with LDAP_STARTTLS=1 (plain ldap:// only to this machine)');
}

/** Binds as the person; answers their entry and groups, throws WrongPassword or ApiError(503). */
export async function ldapBind(cfg: LdapConfig, username: string, password: string): Promise<LdapPerson> {
  // An empty password is an unauthenticated bind, which many servers accept: never a sign-in.
  if (!password) throw new WrongPassword();
  const tlsOptions = cfg.caFile ? { ca: fs.readFileSync(cfg.caFile) } : undefined;
  // ldapts opens a TLS connection whenever the client is given TLS options, ldap:// or not: for
  // StartTLS the connection must start plain and the options go to startTLS alone.
  const ldaps = new URL(cfg.url).protocol === 'ldaps:';
  const client = new Client({
    url: cfg.url,
    timeout: cfg.timeoutMs,
    connectTimeout: cfg.timeoutMs,
    ...(ldaps && tlsOptions && { tlsOptions }),
  });
  const dn = cfg.userDn.replaceAll('{username}', escapeDnValue(username));
  try {
    if (cfg.startTls) await client.startTLS(tlsOptions ?? {});
    await client.bind(dn, password);
    const { searchEntries } = await client.search(dn, { scope: 'base', attributes: ['cn', 'displayName', 'mail', cfg.branchAttribute] });
    const entry = searchEntries[0];
    const { searchEntries: groups } = await client.search(cfg.groupBase, {
      scope: 'sub',
      filter: cfg.groupFilter.replaceAll('{dn}', Filter.escape(dn)),
      attributes: [cfg.groupAttribute],
    });
    return {
      dn,
      name: first(entry?.displayName) ?? first(entry?.cn) ?? username,
      email: first(entry?.mail),
      groups: groups.flatMap((g) => all(g[cfg.groupAttribute])),
      branch: all(entry?.[cfg.branchAttribute]),
    };
  } catch (err) {
    if (err instanceof InvalidCredentialsError) throw new WrongPassword();
    const untrusted = certificateProblem(err);
    if (untrusted) throw Object.assign(ldapUntrusted(untrusted), { cause: err });
    throw Object.assign(ldapUnavailable(), { cause: err });
  } finally {
    await client.unbind().catch(() => undefined);
  }
}
