import { fetchJson } from '../../../dataProvider/httpClient';
import type { AuthUser } from '../../../authProvider/storage';
import type { SecondFactorStep } from '../../../authProvider/second-factor';
import { API_URL } from '../../config';

/** The directory's calls (server/modules/directory). */
export interface SignInOptions {
  oidc: { name: string } | null;
  ldap: boolean;
  password: boolean;
}
/** What a directory sign-in answers: the password sign-in's answer (a session, or the second step). */
export type DirectoryAnswer = AuthUser & { token?: string; second_factor?: SecondFactorStep };
export interface ScimToken {
  scim_token_id: number;
  token_name: string;
  created_at: string;
  revoked_at: string;
  last_used_at: string;
  created_by: string | null;
}

/** Where the console keeps the attempt's state between leaving for the provider and coming back. */
export const PENDING_KEY = 'directory.oidc.pending';

const post = async <T>(path: string, body: object = {}) =>
  (await fetchJson(`${API_URL}${path}`, { method: 'POST', body: JSON.stringify(body) })).json.data as T;

export const directoryApi = {
  options: async () => (await fetchJson(`${API_URL}/directory/sign-in-options`)).json.data as SignInOptions,
  start: (remember: boolean) => post<{ url: string; state: string }>('/directory/oidc/start', { remember }),
  callback: (callback: string) => post<DirectoryAnswer>('/directory/oidc/callback', { callback }),
  ldap: (username: string, password: string, remember: boolean) =>
    post<DirectoryAnswer>('/directory/ldap/sign-in', { username, password, remember }),
  settings: async () => (await fetchJson(`${API_URL}/directory/settings`)).json.data as Record<string, unknown>,
  tokens: async () => (await fetchJson(`${API_URL}/directory/scim-tokens`)).json.data as ScimToken[],
  makeToken: (name: string) => post<ScimToken & { token: string }>('/directory/scim-tokens', { name }),
  revokeToken: async (id: number) => fetchJson(`${API_URL}/directory/scim-tokens/${id}`, { method: 'DELETE' }),
};
