import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { ApiError } from '../http/envelope';
import { isLookupQuery } from '../crud/lookups';
import type { AuthUser, RequestOrigin } from '../context';

/**
 * Who may call a route, as data: the route catalogue records it, the OpenAPI document shows it
 * and the authorisation matrix derives every principal's expected answer from it. `slugs`: any
 * one of them; `lookups`: slugs that may still read the list as a form's lookup.
 */
export type AccessRule =
  | { readonly kind: 'public' }
  | { readonly kind: 'signedIn' }
  | { readonly kind: 'slugs'; readonly slugs: readonly string[]; readonly lookups?: readonly string[] };

/** A guard that carries its rule, so the rule cannot drift from what the guard checks. */
export type Guard = preHandlerAsyncHookHandler & { readonly access: AccessRule };

const guard = (access: AccessRule, check: preHandlerAsyncHookHandler): Guard => Object.assign(check, { access });

/** A route anyone may call, said out loud: `config: { access: PUBLIC }`. A route with neither this nor a guard has no rule. */
export const PUBLIC: AccessRule = { kind: 'public' };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: AccessRule;
  }
}

/** The token travels in `access-token` (the spec's header) or as a Bearer token. */
export function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers['access-token'];
  if (typeof header === 'string' && header) return header;
  const auth = request.headers.authorization;
  return auth?.startsWith('Bearer ') ? auth.slice(7) : undefined;
}

/** Where a request came from, as the audit trail records it. */
export const originOf = (request: FastifyRequest): RequestOrigin => ({
  ip: request.ip,
  userAgent: (request.headers['user-agent'] ?? '').slice(0, 500),
  requestId: request.id,
});

/** Sets `request.user` from the session, or refuses with 401. */
async function authenticate(app: FastifyInstance, request: FastifyRequest): Promise<AuthUser> {
  const token = tokenOf(request);
  const session = token ? await app.ctx.sessions.find(token) : undefined;
  if (!session || !token) throw new ApiError(401, 'Please sign in: the session is missing or has expired');
  return (request.user = {
    user_id: session.user_id,
    user_group: session.user_group,
    user_branch: session.user_branch,
    token,
    origin: originOf(request),
  });
}

/** The signed-in user of a route guarded by `requireUser` or `requirePermission` (401 if, oddly, none). */
export function signedIn(request: FastifyRequest): AuthUser {
  if (!request.user) throw new ApiError(401, 'Please sign in: the session is missing or has expired');
  return request.user;
}

/** 401 without a valid session. */
export const requireUser: Guard = guard({ kind: 'signedIn' }, async function (request) {
  await authenticate(this, request);
});

/** 401 without a session, 403 without the permission slug (a menu_slug granted to the user). */
export const requirePermission = (slug: string): Guard => requireAnyPermission([slug]);

/**
 * A list route's guard: the list permission, or else a form's lookup (`isLookupQuery`) by a holder
 * of one of `lookups` (`lookupSlugs`), which marks the request `lookupOnly`. Without either, 403
 * naming the list permission.
 */
export function requireListOrLookup(listSlug: string, lookups: ReadonlySet<string>): Guard {
  return guard({ kind: 'slugs', slugs: [listSlug], lookups: [...lookups] }, async function (request) {
    const user = await authenticate(this, request);
    const slugs = await this.ctx.permissions.slugsFor(user);
    if (slugs.has(listSlug)) return;
    const query = (request.query ?? {}) as Record<string, unknown>;
    if (isLookupQuery(query) && [...lookups].some((slug) => slugs.has(slug))) {
      request.lookupOnly = true;
      return;
    }
    throw new ApiError(403, `You do not have the permission "${listSlug}"`);
  });
}

/**
 * 401 without a session, 403 unless the user holds at least one of `slugs` (the first is named).
 * One async step per check, not a hook calling a hook: this runs before every API answer.
 */
export function requireAnyPermission(slugs: readonly string[]): Guard {
  return guard({ kind: 'slugs', slugs: [...slugs] }, async function (request) {
    const user = await authenticate(this, request);
    const own = await this.ctx.permissions.slugsFor(user);
    if (!slugs.some((slug) => own.has(slug))) throw new ApiError(403, `You do not have the permission "${slugs[0] ?? ''}"`);
  });
}

/** The rule a route declares: its `config.access`, else the rule its guard carries; undefined when it declares none. */
export function accessRuleOf(route: { config?: unknown; preHandler?: unknown; onRequest?: unknown }): AccessRule | undefined {
  const declared = (route.config as { access?: AccessRule } | undefined)?.access;
  if (declared) return declared;
  for (const hook of [route.onRequest, route.preHandler].flat()) {
    const carried = (hook as Partial<Guard> | undefined)?.access;
    if (carried) return carried;
  }
  return undefined;
}
