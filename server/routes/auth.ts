import type { FastifyPluginAsync } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { ApiError, success } from '../http/envelope';
import { createSession } from '../auth/sessions';
import { decoyHash, verifyPassword } from '../auth/passwords';
import { requireUser } from '../plugins/auth';
import { userView } from '../auth/user-view';

/** Sign-in, session check and sign-out (spec 000 sections 3 and 7). */
const loginBody = {
  type: 'object',
  required: ['username', 'password'],
  properties: {
    username: { type: 'string', minLength: 1, maxLength: 100 },
    password: { type: 'string', minLength: 1, maxLength: 200 },
    remember: { anyOf: [{ type: 'boolean' }, { type: 'string' }, { type: 'number' }] },
  },
} as const;

export const authRoutes: FastifyPluginAsync = async (app) => {
  const { conn, registry, permissions, config, sessions } = app.ctx;
  const db = conn.db;
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_req, ctx) => new ApiError(429, `Too many sign-in attempts; try again in ${Math.ceil(ctx.ttl / 1000)} seconds`),
  });

  app.post<{ Body: { username: string; password: string; remember?: boolean | string | number } }>(
    '/users/user-login',
    {
      schema: { body: loginBody },
      config: { rateLimit: { max: config.loginRateLimit, timeWindow: '1 minute' } },
      attachValidation: true,
    },
    async (request) => {
      if (request.validationError)
        throw new ApiError(422, 'Username and password are required', { username: 'required', password: 'required' });
      const { username, password } = request.body;
      const remember = [true, 'true', '1', 1].includes(request.body.remember as never);
      const user = await db
        .selectFrom('users')
        .select(['user_id', 'password_hash', 'user_status', 'user_group'])
        .where('username', '=', username.trim())
        .executeTakeFirst();
      const valid = await verifyPassword(user?.password_hash ?? (await decoyHash()), password);
      if (!user || !valid) throw new ApiError(401, 'Invalid username or password');
      if (user.user_status !== 1) throw new ApiError(403, 'This account is inactive');
      const ua = request.headers['user-agent'] ?? '';
      const token = await createSession(db, user.user_id, remember, request.ip, ua);
      await db
        .insertInto('login_history')
        .values({
          user_login_user: user.user_id,
          user_login_date: new Date().toISOString(),
          user_login_username: username,
          user_login_ip: request.ip,
          user_login_browser: ua.slice(0, 300),
        })
        .execute();
      const slugs = await permissions.slugsFor(user);
      return success('Login Successfully', { ...(await userView(db, registry, user.user_id)), token, permissions: [...slugs] });
    },
  );

  app.get('/users/get-auth-user', { preHandler: requireUser }, async (request) => {
    const user = request.user!;
    const slugs = await permissions.slugsFor(user);
    return success('Authenticated', { ...(await userView(db, registry, user.user_id)), permissions: [...slugs] });
  });

  app.get('/users/user-logout', { preHandler: requireUser }, async (request) => {
    await sessions.revoke(request.user!.token);
    return success('Logout Successfully', { message: 'Logout Successfully' });
  });
};
