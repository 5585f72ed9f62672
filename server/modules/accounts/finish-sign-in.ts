import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import type { FieldChanges } from '../audit/changes';
import { ApiError, success } from '../../http/envelope';
import { createSession } from '../../auth/sessions';
import { originOf } from '../../plugins/auth';
import { userView } from '../../auth/user-view';
import { clearFailures } from './throttle';
import { recordSignIn } from './history';
import { trailOf } from '../audit/trail';

export interface SigningIn {
  user_id: number;
  username: string;
  user_group: number;
  /** The password hash the sign-in was checked against: a change since voids the sign-in. */
  password_hash: string;
}

/**
 * The end of every successful sign-in (the password alone, or its second step): the session, the
 * trail's entry, the history's line, and the spec's answer (the user, their slugs, the token).
 * `changes` says how the sign-in was made when it took more than the password; `extra` adds to the answer.
 */
export async function finishSignIn(
  ctx: AppContext,
  request: FastifyRequest,
  user: SigningIn,
  remember: boolean,
  more: { changes?: FieldChanges; extra?: Record<string, unknown> } = {},
) {
  const { conn, registry, permissions } = ctx;
  const db = conn.db;
  const trail = trailOf(conn);
  const browser = request.headers['user-agent'] ?? '';
  const origin = originOf(request);
  await clearFailures(db, user.username);
  const token = await db.transaction().execute(async (trx) => {
    const made = await createSession(trx, user.user_id, user.password_hash, remember, request.ip, browser, conn.dialect);
    if (made) await trail.accountEvent(trx, { action: 'sign-in', userId: user.user_id, byThemself: true, origin, changes: more.changes });
    return made;
  });
  // The password was changed while it was checked: the one given is no longer the password.
  if (!token) throw new ApiError(401, 'Invalid username or password');
  await recordSignIn(db, { username: user.username, ip: request.ip, browser, userId: user.user_id, success: true });
  const slugs = await permissions.slugsFor(user);
  return success('Login Successfully', { ...(await userView(db, registry, user.user_id)), token, permissions: [...slugs], ...more.extra });
}
