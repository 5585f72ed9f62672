import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../http/envelope';
import type { AuthUser } from '../../context';

/** The signed-in user of a route behind `requireUser` (which sets it or answers 401 first). */
export function signedIn(request: FastifyRequest): AuthUser {
  if (!request.user) throw new ApiError(401, 'Please sign in: the session is missing or has expired');
  return request.user;
}
