import type { FastifyPluginAsync } from 'fastify';
import * as client from 'openid-client';
import { ApiError, success } from '../../http/envelope';
import { PUBLIC } from '../../plugins/auth';
import { refuseInvalid } from '../../http/validation';
import { claimValues } from './mapping';
import { createOidcClient, providerDown, refusalReason, unavailable } from './oidc';
import { directorySignIn } from './sign-in';
import { directoryDb } from './tables';
import { TAGS, callbackBody, isRemember, startBody } from './schemas';

/** How long a browser may take at the provider between start and callback. */
const PENDING_MINUTES = 10;

/**
 * OpenID Connect sign-in in two calls from the console: `start` answers the provider's URL (with a
 * fresh state, nonce and PKCE verifier kept here, never in the browser), `callback` takes the query
 * string the provider sent the browser back with and answers exactly what the password sign-in
 * answers (a session, or the second factor's next step). Each state is used once.
 */
export const oidcRoutes: FastifyPluginAsync = (app) => {
  const cfg = app.ctx.config.directory?.oidc;
  if (!cfg) return Promise.resolve();
  const oidc = createOidcClient(cfg, app.log);
  const db = directoryDb(app.ctx.conn.db);
  const limit = { max: app.ctx.config.loginRateLimit, timeWindow: '1 minute' };

  app.post<{ Body: { remember?: unknown } }>(
    '/directory/oidc/start',
    {
      schema: {
        tags: TAGS,
        summary: "Start an OpenID Connect sign-in: answers the provider's URL to send the browser to",
        body: startBody,
      },
      config: { access: PUBLIC, rateLimit: limit },
      attachValidation: true,
    },
    async (request) => {
      refuseInvalid(request, { message: 'The sign-in request is malformed' });
      const now = new Date();
      await db.deleteFrom('directory_pending').where('expires_at', '<', now.toISOString()).execute();
      const secrets = { state: client.randomState(), nonce: client.randomNonce(), verifier: client.randomPKCECodeVerifier() };
      const url = await oidc.authorizationUrl(secrets);
      await db
        .insertInto('directory_pending')
        .values({
          state: secrets.state,
          nonce: secrets.nonce,
          code_verifier: secrets.verifier,
          remember: isRemember((request.body as { remember?: unknown } | undefined)?.remember) ? 1 : 0,
          expires_at: new Date(now.getTime() + PENDING_MINUTES * 60_000).toISOString(),
        })
        .execute();
      return success('Continue at the directory', { url, state: secrets.state });
    },
  );

  app.post<{ Body: { callback: string } }>(
    '/directory/oidc/callback',
    {
      schema: {
        tags: TAGS,
        summary: "Finish an OpenID Connect sign-in with the provider's answer; answers like the password sign-in",
        body: callbackBody,
      },
      config: { access: PUBLIC, rateLimit: limit },
      attachValidation: true,
    },
    async (request) => {
      refuseInvalid(request, { message: "The provider's answer is missing", required: callbackBody.required });
      const query = request.body.callback.replace(/^[^?]*\?/, '');
      const params = new URLSearchParams(query);
      const state = params.get('state') ?? '';
      // The attempt is taken (deleted) before anything else: a second use of the same answer finds nothing.
      const pending = state
        ? await db.deleteFrom('directory_pending').where('state', '=', state).returningAll().executeTakeFirst()
        : undefined;
      if (!pending || Date.parse(pending.expires_at) < Date.now()) {
        request.log.warn({ state: state.slice(0, 60) }, 'OpenID callback with an unknown, used or expired state');
        throw new ApiError(400, 'This sign-in attempt is unknown, already used or expired: start the sign-in again');
      }
      const providerError = params.get('error');
      if (providerError) {
        request.log.warn({ error: providerError }, 'OpenID provider refused the sign-in');
        throw new ApiError(401, `${cfg.name} refused the sign-in (${providerError.slice(0, 100)})`);
      }
      let result;
      try {
        result = await oidc.finish(query, { state: pending.state, nonce: pending.nonce, verifier: pending.code_verifier });
      } catch (err) {
        if (err instanceof ApiError) throw err;
        if (providerDown(err)) {
          request.log.warn({ err: refusalReason(err) }, 'OpenID provider did not answer');
          throw unavailable(cfg.name);
        }
        request.log.warn({ err: refusalReason(err) }, "OpenID provider's answer refused");
        throw new ApiError(401, `The answer from ${cfg.name} could not be verified, so the sign-in was refused: start again`);
      }
      const c = result.claims;
      const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
      const subject = text(c.sub);
      const email = text(c.email) || undefined;
      const username = (text(c[cfg.usernameClaim]) || (email ?? subject)).slice(0, 100);
      const amr = claimValues(c.amr);
      const acr = text(c.acr);
      const mfaAmr = amr.filter((v) => cfg.mfaAmr.includes(v));
      const mfa = mfaAmr.length ? `amr: ${mfaAmr.join(', ')}` : acr && cfg.mfaAcr.includes(acr) ? `acr: ${acr}` : undefined;
      return directorySignIn(app.ctx, request, {
        person: {
          provider: 'oidc',
          subject,
          username,
          name: (text(c.name) || username).slice(0, 150),
          email,
          emailVerified: c.email_verified === true,
        },
        groups: claimValues(c[cfg.groupsClaim]),
        groupsClaim: cfg.groupsClaim,
        branch: claimValues(c[cfg.branchClaim]),
        remember: pending.remember === 1,
        mfa,
        idToken: result.idToken,
      });
    },
  );
  return Promise.resolve();
};
