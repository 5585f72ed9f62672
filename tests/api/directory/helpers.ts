import { expect } from 'vitest';
import type { TestServer } from '../harness';
import type { DirectoryConfig } from '../../../server/directory-config';
import { browseTo, type TestProvider } from '../../fixtures/directory/oidc-provider';
import { dynamic } from '../../../server/db/database';

export const CONSOLE = 'http://console.test';
export const REDIRECT = `${CONSOLE}/sign-in/directory`;
export const AFTER_LOGOUT = `${CONSOLE}/`;

/** The directory settings a test server runs with (as the environment would give them). */
export function directorySettings(provider: TestProvider | undefined, more: Partial<DirectoryConfig> = {}): DirectoryConfig {
  return {
    oidc: provider && {
      issuer: provider.issuer,
      clientId: provider.clientId,
      clientSecret: provider.clientSecret,
      redirectUri: REDIRECT,
      postLogoutRedirectUri: AFTER_LOGOUT,
      name: 'Hospital ID',
      scopes: 'openid profile email groups',
      groupsClaim: 'groups',
      branchClaim: 'branch',
      usernameClaim: 'preferred_username',
      mfaAmr: ['mfa', 'otp', 'hwk'],
      mfaAcr: [],
    },
    createAccounts: true,
    linkByEmail: true,
    designationCode: 'DIR-DES',
    departmentCode: 'DIR-DEP',
    passwordSignIn: true,
    ...more,
  };
}

async function created(s: Pick<TestServer, 'call'>, path: string, body: Record<string, unknown>, idField: string) {
  const res = await s.call('POST', path, { body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data[idField] as number;
}

/**
 * What every directory test needs in the console: the designation and department new accounts
 * get, two branches, two groups (granting different screens), and the mapping rows between them
 * and the directory's values, made through the API as an administrator would.
 */
export async function consoleSetUp(s: Pick<TestServer, 'call'>) {
  await created(s, '/api/designation/designation-create', { designation_code: 'DIR-DES', designation_name: 'Staff' }, 'designation_id');
  await created(s, '/api/department/department-create', { department_code: 'DIR-DEP', department_name: 'General' }, 'department_id');
  const north = await created(s, '/api/branch/branch-create', { branch_code: 'NORTH', branch_name: 'North' }, 'branch_id');
  const south = await created(s, '/api/branch/branch-create', { branch_code: 'SOUTH', branch_name: 'South' }, 'branch_id');
  const nurses = await created(s, '/api/group/group-create', { group_code: 'NURSE', group_name: 'Nurses' }, 'group_id');
  const pharmacists = await created(s, '/api/group/group-create', { group_code: 'PHARM', group_name: 'Pharmacists' }, 'group_id');
  const map = (body: Record<string, unknown>) => created(s, '/api/directory-mapping/directory-mapping-create', body, 'mapping_id');
  const mappings = {
    nurses: await map({ mapping_kind: 'group', mapping_value: 'ward-nurses', mapping_group: nurses, mapping_priority: 20 }),
    pharmacists: await map({ mapping_kind: 'group', mapping_value: 'pharmacy', mapping_group: pharmacists, mapping_priority: 10 }),
    north: await map({ mapping_kind: 'branch', mapping_value: 'north', mapping_branch: north }),
    south: await map({ mapping_kind: 'branch', mapping_value: 'south', mapping_branch: south }),
  };
  return { north, south, nurses, pharmacists, mappings };
}

/** The whole OpenID sign-in as the console drives it: start, the provider, the callback. */
export async function oidcSignIn(s: TestServer, provider: TestProvider, sub: string, how?: { amr?: string[]; acr?: string }) {
  const back = await oidcCallbackUrl(s, provider, sub, how);
  return s.call('POST', '/api/directory/oidc/callback', { token: null, body: { callback: back.search } });
}

/** Start, and the provider's redirect back (not yet handed to the console). */
export async function oidcCallbackUrl(s: TestServer, provider: TestProvider, sub: string, how?: { amr?: string[]; acr?: string }) {
  const start = await s.call('POST', '/api/directory/oidc/start', { token: null, body: {} });
  expect(start.statusCode, start.body).toBe(200);
  provider.signInAs(sub, how);
  return browseTo(start.json().data.url as string, REDIRECT);
}

export async function userCount(s: TestServer) {
  const row = await dynamic(s.app.ctx.conn.db)
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export const userNamed = (s: TestServer, username: string) =>
  s.app.ctx.conn.db
    .selectFrom('users')
    .select(['user_id', 'user_group', 'user_branch', 'user_status', 'user_email', 'user_name'])
    .where('username', '=', username)
    .executeTakeFirst();
