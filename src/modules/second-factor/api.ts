import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { fetchJson } from '../../../dataProvider/httpClient';
import type { AuthUser } from '../../../authProvider/storage';
import { API_URL } from '../../config';

/** The second factor's calls (server/modules/second-factor). */
export interface FactorStatus {
  totp: boolean;
  totp_pending: boolean;
  recovery_left: number;
  passkeys: { passkey_id: number; passkey_name: string; created_at: string; last_used_at: string }[];
  required: boolean;
  grace_days: number;
  due_at: string | null;
}
export type SignedInUser = AuthUser & { token: string; recovery_codes?: string[]; recovery_left?: number };
interface Challenge<T> {
  ticket: string;
  options: T;
}

const post = async <T>(path: string, body: object = {}) =>
  (await fetchJson(`${API_URL}${path}`, { method: 'POST', body: JSON.stringify(body) })).json.data as T;

/** The browser's part of WebAuthn, loaded only when a passkey is used. */
const browser = () => import('@simplewebauthn/browser');

export const factorApi = {
  status: async () => (await fetchJson(`${API_URL}/second-factor/status`)).json.data as FactorStatus,
  // The sign-in's second step.
  withCode: (ticket: string, code: string) => post<SignedInUser>('/users/user-login-code', { ticket, code }),
  enrolAtSignIn: (ticket: string) => post<{ secret: string; uri: string }>('/users/user-login-enrol', { ticket }),
  confirmAtSignIn: (ticket: string, code: string) => post<SignedInUser>('/users/user-login-enrol-confirm', { ticket, code }),
  /** A passkey as the second step (with the password's ticket) or alone (without). */
  async withPasskey(ticket: string | undefined, remember = false) {
    const challenge = await post<Challenge<PublicKeyCredentialRequestOptionsJSON>>(
      '/users/user-login-passkey-options',
      ticket ? { ticket } : { alone: true, remember },
    );
    const credential = await (await browser()).startAuthentication({ optionsJSON: challenge.options });
    return post<SignedInUser>('/users/user-login-passkey', { ticket: challenge.ticket, credential });
  },
  // My profile.
  startTotp: () => post<{ secret: string; uri: string }>('/second-factor/totp-start'),
  confirmTotp: (code: string) => post<{ recovery_codes: string[] }>('/second-factor/totp-confirm', { code }),
  removeTotp: (password: string) => post<null>('/second-factor/totp-remove', { password }),
  renewRecovery: (password: string) => post<{ recovery_codes: string[] }>('/second-factor/recovery-renew', { password }),
  async addPasskey(name: string) {
    const challenge = await post<Challenge<PublicKeyCredentialCreationOptionsJSON>>('/second-factor/passkey-options');
    const credential = await (await browser()).startRegistration({ optionsJSON: challenge.options });
    return post<{ passkey_id: number }>('/second-factor/passkey-add', { ticket: challenge.ticket, name, credential });
  },
  removePasskey: async (id: number) =>
    (await fetchJson(`${API_URL}/second-factor/passkey-delete/${id}`, { method: 'DELETE' })).json.data as { passkey_id: number },
  // The lock screen.
  lock: () => post<null>('/second-factor/lock'),
  unlock: (password: string) => post<null>('/second-factor/unlock', { password }),
  async unlockWithPasskey() {
    const challenge = await post<Challenge<PublicKeyCredentialRequestOptionsJSON>>('/second-factor/unlock-passkey-options');
    const credential = await (await browser()).startAuthentication({ optionsJSON: challenge.options });
    return post<null>('/second-factor/unlock-passkey', { ticket: challenge.ticket, credential });
  },
};

/** The message of a refused call, for an alert (the server's text; the i18n provider recognises it). */
export const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
