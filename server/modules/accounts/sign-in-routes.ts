import type { FastifyPluginAsync } from 'fastify';
import { ApiError, success } from '../../http/envelope';
import { decoyHash, verifyPassword } from '../../auth/passwords';
import { originOf, PUBLIC, requireUser } from '../../plugins/auth';
import { userView } from '../../auth/user-view';
import { TAGS, loginBody } from './schemas';
import { refuseInvalid } from '../../http/validation';
import { signedIn } from './validation';
import { lockedMinutes, recordFailure } from './throttle';
import { finishSignIn } from './finish-sign-in';
import { signInGate } from '../second-factor/gate';
import { recordSignIn } from './history';
import { trailOf } from '../audit/trail';
import { assertPasswordSignInAllowed } from '../directory/password-policy';
import { providerSignOutUrl } from '../directory/sign-out';

interface LoginBody {
  username: string;
  password: string;
  remember?: boolean | string | number;
}

/** Sign-in, session check and sign-out (spec 000 sections 3 and 7). */
export const signInRoutes: FastifyPluginAsync = (app) => {
  const { conn, registry, permissions, config, sessions } = app.ctx;
  const db = conn.db;
  const trail = trailOf(conn);

  app.post<{ Body: LoginBody }>(
    '/users/user-login',
    {
      schema: { tags: TAGS, summary: 'Sign in; answers the user, their permission slugs and a session token', body: loginBody },
      config: { access: PUBLIC, rateLimit: { max: config.loginRateLimit, timeWindow: '1 minute' } },
      attachValidation: true,
    },
    async (request) => {
      refuseInvalid(request, { message: 'Username and password are required', required: loginBody.required });
      const { password } = request.body;
      const username = request.body.username.trim();
      const remember = [true, 'true', '1', 1].includes(request.body.remember as never);
      const locked = await lockedMinutes(db, username);
      if (locked) throw new ApiError(429, `Too many failed sign-ins for this username; try again in ${locked} minutes`);
      const user = await db
        .selectFrom('users')
        .select(['user_id', 'username', 'password_hash', 'user_status', 'user_group'])
        .where('username', '=', username)
        .executeTakeFirst();
      const valid = await verifyPassword(user?.password_hash ?? (await decoyHash()), password);
      const browser = request.headers['user-agent'] ?? '';
      const attempt = { username, ip: request.ip, browser };
      const origin = originOf(request);
      // Only known usernames enter the trail: an unknown "username" may be a password typed in the wrong box.
      const failed = (userId: number) =>
        trail.accountEvent(db, { action: 'sign-in-failed', userId, byThemself: false, origin, changes: { username: { after: username } } });
      if (!user || !valid) {
        await recordFailure(db, username);
        if (user) await recordSignIn(db, { ...attempt, userId: user.user_id, success: false });
        if (user) await failed(user.user_id);
        throw new ApiError(401, 'Invalid username or password');
      }
      if (user.user_status !== 1) {
        await recordSignIn(db, { ...attempt, userId: user.user_id, success: false });
        await failed(user.user_id);
        throw new ApiError(403, 'This account is inactive');
      }
      // The directory may be the only way in (PASSWORD_SIGN_IN=0), Super Admins excepted.
      await assertPasswordSignInAllowed(app.ctx, user);
      // A second factor, or a group's requirement of one, may hold the sign-in here until its next step.
      const gate = await signInGate(app.ctx, user, remember);
      if (gate.stop) return gate.stop;
      return finishSignIn(app.ctx, request, user, remember, { extra: gate.extra });
    },
  );

  app.get(
    '/users/get-auth-user',
    { preHandler: requireUser, schema: { tags: TAGS, summary: 'The signed-in user and their permission slugs (the session check)' } },
    async (request) => {
      const user = signedIn(request);
      const slugs = await permissions.slugsFor(user);
      return success('Authenticated', { ...(await userView(db, registry, user.user_id)), permissions: [...slugs] });
    },
  );

  app.get(
    '/users/user-logout',
    { preHandler: requireUser, schema: { tags: TAGS, summary: 'Sign out: ends this session at once' } },
    async (request) => {
      const me = signedIn(request);
      // A session from an OpenID sign-in also ends the provider's (RP-initiated logout), where it can.
      const endSessionUrl = await providerSignOutUrl(app.ctx, me.token, request.log).catch(() => undefined);
      await sessions.revoke(me.token);
      await trail.accountEvent(db, { action: 'sign-out', userId: me.user_id, byThemself: true, origin: originOf(request) });
      return success('Logout Successfully', { message: 'Logout Successfully', ...(endSessionUrl && { end_session_url: endSessionUrl }) });
    },
  );
  return Promise.resolve();
};
