import type { Generated, Kysely } from 'kysely';
import type { Db, FixedTables } from '../../db/database';

/** The tables of migration 010, owned by this module. */
export interface UserTotpTable {
  user_id: number;
  /** Base32, as the authenticator app is given it. */
  totp_secret: string;
  /** '' while the secret waits for its first code. */
  confirmed_at: string;
  /** The last 30-second step whose code was accepted (bigint: PostgreSQL answers it as text). */
  last_step: number | string;
  created_at: string;
}

export interface UserRecoveryCodeTable {
  user_id: number;
  slot: number;
  code_hash: string;
  used_at: string;
}

export interface UserPasskeyTable {
  passkey_id: Generated<number>;
  user_id: number;
  /** base64url, as WebAuthn names the credential. */
  credential_id: string;
  /** base64url of the COSE public key. */
  public_key: string;
  sign_count: number | string;
  /** Comma-separated authenticator transports (usb, internal, hybrid...). */
  transports: string;
  rp_id: string;
  passkey_name: string;
  created_at: string;
  last_used_at: string;
}

export type TicketPurpose = 'second-factor' | 'enrol' | 'passkey-sign-in' | 'passkey-register' | 'passkey-unlock';

export interface SecondFactorTicketTable {
  token_hash: string;
  purpose: TicketPurpose;
  /** 0: nobody yet (a sign-in with a passkey alone learns the user from the passkey). */
  user_id: number;
  /** The password hash the sign-in was checked against: a password change in between voids the ticket. */
  password_hash: string;
  remember: number;
  /** The WebAuthn challenge this ticket answers, base64url. */
  challenge: string;
  expires_at: string;
}

export interface SecondFactorDueTable {
  user_id: number;
  due_at: string;
}

export interface SecondFactorTables extends FixedTables {
  user_totp: UserTotpTable;
  user_recovery_code: UserRecoveryCodeTable;
  user_passkey: UserPasskeyTable;
  second_factor_ticket: SecondFactorTicketTable;
  second_factor_due: SecondFactorDueTable;
}

export type FactorDb = Kysely<SecondFactorTables>;

/** The same connection (or transaction), typed with this module's tables too. */
export const factorDb = (db: Db): FactorDb => db as unknown as FactorDb;
