import * as client from 'openid-client';
import type { FastifyBaseLogger } from 'fastify';
import type { OidcConfig } from '../../directory-config';
import { ApiError } from '../../http/envelope';

/**
 * The OpenID Connect client (openid-client): authorization code with PKCE (S256), a state and a
 * nonce per sign-in, the ID token checked by the library (signature against the provider's
 * published keys, issuer, audience, expiry, nonce; `alg: none` is never accepted). The provider's
 * discovery document is read once and kept; a failed read is tried again at the next sign-in.
 */
export interface OidcClient {
  /** The provider's authorization URL for a new sign-in with these secrets. */
  authorizationUrl(secrets: { state: string; nonce: string; verifier: string }): Promise<string>;
  /** The tokens and claims of a returning browser's callback (its query string), checked. */
  finish(
    callbackQuery: string,
    secrets: { state: string; nonce: string; verifier: string },
  ): Promise<{ claims: Record<string, unknown>; idToken: string }>;
  /** The provider's end-session URL, when it has one (RP-initiated logout). */
  endSessionUrl(idToken: string): Promise<string | undefined>;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/** Plain HTTP only to a provider on this machine (a test's, or a proxy's): never across a network. */
const insecureAllowed = (issuer: URL) => issuer.protocol === 'http:' && LOOPBACK.has(issuer.hostname);

function chainOf(err: unknown): unknown[] {
  const out: unknown[] = [];
  for (let e: unknown = err; e && out.length < 6; e = (e as { cause?: unknown }).cause) out.push(e);
  return out;
}

/** The provider did not answer (refused, timed out) or answered as a server in trouble. */
export function providerDown(err: unknown): boolean {
  return chainOf(err).some((e) => {
    if (e instanceof client.ResponseBodyError || (e instanceof Error && e.name === 'ResponseBodyError'))
      return (e as unknown as { status: number }).status >= 500;
    if (!(e instanceof Error)) return false;
    const code = (e as { code?: unknown }).code;
    return (
      e.message === 'fetch failed' ||
      e.name === 'TimeoutError' ||
      e.name === 'AbortError' ||
      (typeof code === 'string' && ['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EHOSTUNREACH', 'ETIMEDOUT'].includes(code)) ||
      (e instanceof client.ClientError && e.code === 'OAUTH_RESPONSE_IS_NOT_CONFORM' && /5\d\d/.test(e.message))
    );
  });
}

export const unavailable = (name: string) =>
  new ApiError(503, `${name} is not answering: sign-in through it is not possible now; try again in a few minutes`);

/** Why the library refused the provider's answer, for the log (never shown: it could help a forger). */
export function refusalReason(err: unknown): string {
  return chainOf(err)
    .map((e) =>
      e instanceof Error
        ? `${e.name}${(e as { code?: unknown }).code ? ` ${String((e as { code?: unknown }).code)}` : ''}: ${e.message}`
        : String(e),
    )
    .join(' <- ');
}

/** Deprecated only to stand out: used for a provider on loopback alone (insecureAllowed). */
// eslint-disable-next-line @typescript-eslint/no-deprecated
const plainHttp = client.allowInsecureRequests;

/** Tolerated difference between the provider's clock and ours, in seconds. */
const SKEW_S = 60;

/** An ID token issued in the future, or valid only later (`nbf`), is refused like an expired one. */
function notBeforeNow(claims: { iat: number; nbf?: unknown }) {
  const now = Math.floor(Date.now() / 1000);
  if (claims.iat > now + SKEW_S) throw new Error(`ID token issued in the future (iat ${claims.iat}, now ${now})`);
  if (typeof claims.nbf === 'number' && claims.nbf > now + SKEW_S) throw new Error(`ID token not valid before ${claims.nbf} (now ${now})`);
}

export function createOidcClient(cfg: OidcConfig, log: FastifyBaseLogger): OidcClient {
  const issuer = new URL(cfg.issuer);
  let discovered: Promise<client.Configuration> | undefined;
  const configuration = () => {
    discovered ??= client
      .discovery(issuer, cfg.clientId, undefined, cfg.clientSecret ? client.ClientSecretBasic(cfg.clientSecret) : client.None(), {
        // The ID token's signature is checked against the provider's published keys too, not only
        // trusted for arriving over TLS: a token signed by any other key is refused.
        execute: [client.enableNonRepudiationChecks, ...(insecureAllowed(issuer) ? [plainHttp] : [])],
        timeout: 10,
      })
      .catch((err: unknown) => {
        discovered = undefined;
        log.warn({ err: refusalReason(err) }, 'OpenID provider discovery failed');
        throw unavailable(cfg.name);
      });
    return discovered;
  };

  return {
    async authorizationUrl({ state, nonce, verifier }) {
      const config = await configuration();
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: cfg.redirectUri,
        scope: cfg.scopes,
        state,
        nonce,
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
      });
      return url.href;
    },

    async finish(callbackQuery, { state, nonce, verifier }) {
      const config = await configuration();
      const current = new URL(cfg.redirectUri);
      current.search = callbackQuery.startsWith('?') ? callbackQuery : `?${callbackQuery}`;
      const tokens = await client.authorizationCodeGrant(config, current, {
        pkceCodeVerifier: verifier,
        expectedState: state,
        expectedNonce: nonce,
        idTokenExpected: true,
      });
      const idClaims = tokens.claims();
      if (!idClaims || !tokens.id_token) throw new Error('no ID token');
      notBeforeNow(idClaims);
      let claims: Record<string, unknown> = { ...idClaims };
      // Providers put groups in the ID token or only in UserInfo: both are read, the ID token's win.
      if (config.serverMetadata().userinfo_endpoint) {
        const info = await client.fetchUserInfo(config, tokens.access_token, idClaims.sub);
        claims = { ...info, ...claims };
      }
      return { claims, idToken: tokens.id_token };
    },

    async endSessionUrl(idToken) {
      const config = await configuration().catch(() => undefined);
      if (!config?.serverMetadata().end_session_endpoint) return undefined;
      const params: Record<string, string> = { id_token_hint: idToken, client_id: cfg.clientId };
      if (cfg.postLogoutRedirectUri) params.post_logout_redirect_uri = cfg.postLogoutRedirectUri;
      return client.buildEndSessionUrl(config, params).href;
    },
  };
}
