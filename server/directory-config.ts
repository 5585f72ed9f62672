/**
 * Sign-in through the hospital's directory (server/modules/directory), read from the environment
 * (docs/directory-sign-in.md lists every variable). Kept beside config.ts, which holds it as
 * `directory`, so the module's settings stay in one file of their own.
 */
export interface OidcConfig {
  /** The provider's issuer URL; its discovery document is read at the first sign-in. */
  issuer: string;
  clientId: string;
  clientSecret?: string;
  /** The console page the provider sends the browser back to (registered with the provider). */
  redirectUri: string;
  /** Where the provider sends the browser after its own sign-out (RP-initiated logout). */
  postLogoutRedirectUri?: string;
  /** The name on the sign-in page's button ("Sign in with <name>"). */
  name: string;
  scopes: string;
  /** The claim holding the person's groups or roles (a list, or one value). */
  groupsClaim: string;
  /** The claim naming the person's branch. */
  branchClaim: string;
  usernameClaim: string;
  /** `amr` values that mean the provider asked for more than one factor. */
  mfaAmr: readonly string[];
  /** `acr` values that mean the same. */
  mfaAcr: readonly string[];
}

export interface LdapConfig {
  /** `ldaps://host:636`, or `ldap://host:389` with StartTLS (plain `ldap://` is allowed only on loopback). */
  url: string;
  startTls: boolean;
  /** The user's entry, `{username}` replaced by the escaped username: `uid={username},ou=people,dc=hospital,dc=org`. */
  userDn: string;
  /** Where the groups are searched. */
  groupBase: string;
  /** Which groups the user belongs to; `{dn}` is the user's escaped DN. */
  groupFilter: string;
  /** The group attribute the mapping table names (its value is matched). */
  groupAttribute: string;
  /** The user's attribute naming their branch. */
  branchAttribute: string;
  /** PEM file of the certificate authority that signed the server's certificate (default: the system's). */
  caFile?: string;
  timeoutMs: number;
}

export interface DirectoryConfig {
  oidc?: OidcConfig;
  ldap?: LdapConfig;
  /** A first sign-in without a linked account creates one (just in time). */
  createAccounts: boolean;
  /** A first sign-in links to the existing account with the provider's verified e-mail. */
  linkByEmail: boolean;
  /** Codes of the designation and department a created account gets (the users form requires both). */
  designationCode?: string;
  departmentCode?: string;
  /** `false`: only the Super Admin group may sign in with a password (break-glass). */
  passwordSignIn: boolean;
}

const set = (v: string | undefined) => (v === undefined || v.trim() === '' ? undefined : v.trim());
const list = (v: string | undefined, fallback: string) =>
  (set(v) ?? fallback)
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);

function flag(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = set(env[name]);
  if (raw === undefined) return fallback;
  if (['1', 'true', 'on', 'yes'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'off', 'no'].includes(raw.toLowerCase())) return false;
  throw new Error(`${name} must be 1 or 0, not "${raw}"`);
}

function required(env: NodeJS.ProcessEnv, name: string, because: string): string {
  const v = set(env[name]);
  if (!v) throw new Error(`${name} is required when ${because} is set`);
  return v;
}

export function directoryConfigFromEnv(env: NodeJS.ProcessEnv): DirectoryConfig {
  const issuer = set(env.OIDC_ISSUER);
  const ldapUrl = set(env.LDAP_URL);
  const oidc: OidcConfig | undefined = issuer
    ? {
        issuer,
        clientId: required(env, 'OIDC_CLIENT_ID', 'OIDC_ISSUER'),
        clientSecret: set(env.OIDC_CLIENT_SECRET),
        redirectUri: required(env, 'OIDC_REDIRECT_URI', 'OIDC_ISSUER'),
        postLogoutRedirectUri: set(env.OIDC_POST_LOGOUT_REDIRECT_URI),
        name: set(env.OIDC_NAME) ?? 'the hospital directory',
        scopes: set(env.OIDC_SCOPES) ?? 'openid profile email',
        groupsClaim: set(env.OIDC_GROUPS_CLAIM) ?? 'groups',
        branchClaim: set(env.OIDC_BRANCH_CLAIM) ?? 'branch',
        usernameClaim: set(env.OIDC_USERNAME_CLAIM) ?? 'preferred_username',
        mfaAmr: list(env.OIDC_MFA_AMR, 'mfa,otp,hwk,swk,sms,fpt,face,iris,retina,vbm'),
        mfaAcr: list(env.OIDC_MFA_ACR, ''),
      }
    : undefined;
  const timeout = Number(set(env.LDAP_TIMEOUT_MS) ?? 5000);
  const ldap: LdapConfig | undefined = ldapUrl
    ? {
        url: ldapUrl,
        startTls: flag(env, 'LDAP_STARTTLS', false),
        userDn: required(env, 'LDAP_USER_DN', 'LDAP_URL'),
        groupBase: required(env, 'LDAP_GROUP_BASE', 'LDAP_URL'),
        groupFilter: set(env.LDAP_GROUP_FILTER) ?? '(member={dn})',
        groupAttribute: set(env.LDAP_GROUP_ATTRIBUTE) ?? 'cn',
        branchAttribute: set(env.LDAP_BRANCH_ATTRIBUTE) ?? 'businessCategory',
        caFile: set(env.LDAP_CA_FILE),
        timeoutMs: Number.isFinite(timeout) && timeout > 0 ? timeout : 5000,
      }
    : undefined;
  return {
    oidc,
    ldap,
    createAccounts: flag(env, 'DIRECTORY_CREATE_ACCOUNTS', true),
    linkByEmail: flag(env, 'DIRECTORY_LINK_BY_EMAIL', false),
    designationCode: set(env.DIRECTORY_DESIGNATION),
    departmentCode: set(env.DIRECTORY_DEPARTMENT),
    passwordSignIn: flag(env, 'PASSWORD_SIGN_IN', true),
  };
}
