import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';
import { ApiError } from '../http/envelope';
import { isLookupQuery } from '../crud/lookups';
import type { AuthUser, RequestOrigin } from '../context';
import type { SessionUser } from '../auth/sessions';

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
export type Guard = preHandlerHookHandler & { readonly access: AccessRule };

/** What a guard decides once the request is signed in: returns to let it through, throws ApiError to refuse. */
type Decide = (request: FastifyRequest, slugs: ReadonlySet<string>) => void;

/**
 * A guard: signs the request in (401 without a live session, `authenticate`), then `decide`s with
 * the user's permissions. It runs before every API answer, so it is a callback hook: when the
 * session and the permissions are kept in memory, as they are for nearly every request, it
 * decides at once, without the promises of the async path (which reads what is not kept).
 */
function guard(access: AccessRule, decide?: Decide): Guard {
  const check: preHandlerHookHandler = function checkAccess(request, _reply, done) {
    const { sessions, permissions } = this.ctx;
    const token = tokenOf(request);
    const session = token ? sessions.peek(token) : undefined;
    if (session && token) {
      const user = signIn(request, session, token);
      const slugs = decide ? permissions.peek(user) : NONE;
      if (slugs) {
        try {
          assertMayWrite(request, session);
          decide?.(request, slugs);
        } catch (err) {
          done(err as Error);
          return;
        }
        done();
        return;
      }
    }
    void (async () => {
      const user = await authenticate(this, request);
      if (decide) decide(request, await permissions.slugsFor(user));
    })().then(
      () => done(),
      (err: unknown) => done(err as Error),
    );
  };
  return Object.assign(check, { access });
}
const NONE: ReadonlySet<string> = new Set();

/** A route anyone may call, said out loud: `config: { access: PUBLIC }`. A route with neither this nor a guard has no rule. */
export const PUBLIC: AccessRule = { kind: 'public' };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: AccessRule;
    /** The route ends a view-as session, so that read-only session may call it. */
    viewAsEnd?: boolean;
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
  const user = signIn(request, session, token);
  assertMayWrite(request, session);
  return user;
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A view-as session is read only: the server refuses its every write here, before any route runs
 * (not merely hidden in the console), except on a route that ends the view (`config.viewAsEnd`).
 */
function assertMayWrite(request: FastifyRequest, session: SessionUser): void {
  if (session.view_as_by == null || READS.has(request.method) || request.routeOptions.config.viewAsEnd) return;
  throw new ApiError(403, 'Viewing as another user is read only: this change was refused');
}

const signIn = (request: FastifyRequest, session: SessionUser, token: string): AuthUser =>
  (request.user = {
    user_id: session.user_id,
    user_group: session.user_group,
    user_branch: session.user_branch,
    token,
    origin: originOf(request),
    ...(session.view_as_by != null && { view_as_by: session.view_as_by }),
  });

/** The signed-in user of a route guarded by `requireUser` or `requirePermission` (401 if, oddly, none). */
export function signedIn(request: FastifyRequest): AuthUser {
  if (!request.user) throw new ApiError(401, 'Please sign in: the session is missing or has expired');
  return request.user;
}

/** 401 without a valid session. */
export const requireUser: Guard = guard({ kind: 'signedIn' });

/** 401 without a session, 403 without the permission slug (a menu_slug granted to the user). */
export const requirePermission = (slug: string): Guard => requireAnyPermission([slug]);

/**
 * A list route's guard: the list permission, or else a form's lookup (`isLookupQuery`) by a holder
 * of one of `lookups` (`lookupSlugs`), which marks the request `lookupOnly`. Without either, 403
 * naming the list permission.
 */
export function requireListOrLookup(listSlug: string, lookups: ReadonlySet<string>): Guard {
  return guard({ kind: 'slugs', slugs: [listSlug], lookups: [...lookups] }, (request, slugs) => {
    if (slugs.has(listSlug)) return;
    const query = (request.query ?? {}) as Record<string, unknown>;
    if (isLookupQuery(query) && [...lookups].some((slug) => slugs.has(slug))) {
      request.lookupOnly = true;
      return;
    }
    throw new ApiError(403, `You do not have the permission "${listSlug}"`);
  });
}

/** 401 without a session, 403 unless the user holds at least one of `slugs` (the first is named). */
export function requireAnyPermission(slugs: readonly string[]): Guard {
  return guard({ kind: 'slugs', slugs: [...slugs] }, (_request, own) => {
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
