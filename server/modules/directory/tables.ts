import type { Generated, Kysely } from 'kysely';
import type { Db, FixedTables } from '../../db/database';

/** The tables of migration 015, owned by this module. */
export type Provider = 'oidc' | 'ldap' | 'scim';

export interface DirectoryIdentityTable {
  provider: Provider;
  /** The OpenID `sub`, or the LDAP entry's DN. */
  subject: string;
  user_id: number;
  created_at: string;
  last_sign_in_at: string;
}

export interface DirectoryPendingTable {
  state: string;
  nonce: string;
  code_verifier: string;
  remember: number;
  expires_at: string;
}

export interface DirectorySessionTable {
  token_hash: string;
  provider: Provider;
  /** The ID token of the sign-in, handed back to the provider at sign-out (`id_token_hint`). */
  id_token: string;
}

export interface ScimTokenTable {
  scim_token_id: Generated<number>;
  token_hash: string;
  token_name: string;
  created_by: number | null;
  created_at: string;
  revoked_at: string;
  last_used_at: string;
}

export interface DirectoryTables extends FixedTables {
  directory_identity: DirectoryIdentityTable;
  directory_pending: DirectoryPendingTable;
  directory_session: DirectorySessionTable;
  scim_token: ScimTokenTable;
}

export type DirectoryDb = Kysely<DirectoryTables>;

/** The same connection (or transaction), typed with this module's tables too. */
export const directoryDb = (db: Db): DirectoryDb => db as unknown as DirectoryDb;
