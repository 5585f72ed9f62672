import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { ApiError } from '../http/envelope';

/** The token travels in `access-token` (the spec's header) or as a Bearer token. */
export function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers['access-token'];
  if (typeof header === 'string' && header) return header;
  const auth = request.headers.authorization;
  return auth?.startsWith('Bearer ') ? auth.slice(7) : undefined;
}

/** 401 without a valid session. */
export const requireUser: preHandlerAsyncHookHandler = async function (request) {
  const token = tokenOf(request);
  const session = token ? await this.ctx.sessions.find(token) : undefined;
  if (!session || !token) throw new ApiError(401, 'Please sign in: the session is missing or has expired');
  request.user = { user_id: session.user_id, user_group: session.user_group, user_branch: session.user_branch, token };
};

/** 401 without a session, 403 without the permission slug (a menu_slug granted to the user). */
export function requirePermission(slug: string): preHandlerAsyncHookHandler {
  return async function (request, reply) {
    await requireUser.call(this, request, reply);
    if (!request.user) throw new ApiError(401, 'Please sign in');
    const slugs = await this.ctx.permissions.slugsFor(request.user);
    if (!slugs.has(slug)) throw new ApiError(403, `You do not have the permission "${slug}"`);
  };
}
