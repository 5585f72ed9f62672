import type { FastifyPluginAsync } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { ApiError } from '../../http/envelope';
import { createMailer } from './mailer';
import { signInRoutes } from './sign-in-routes';
import { sessionRoutes } from './session-routes';
import { historyRoutes } from './history-routes';
import { profileRoutes } from './profile-routes';
import { forgotRoutes } from './forgot-routes';

/**
 * Accounts: sign-in and sign-out, my sessions, sign-in history, my profile (picture, password)
 * and forgot password by e-mailed one-time code.
 */
export const accountsModule: FastifyPluginAsync = async (app) => {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_req, ctx) => new ApiError(429, `Too many attempts; try again in ${Math.ceil(ctx.ttl / 1000)} seconds`),
  });
  const mailer = createMailer(app.ctx.config);
  app.addHook('onClose', (_instance, done) => {
    mailer.close();
    done();
  });
  await app.register(signInRoutes);
  await app.register(sessionRoutes);
  await app.register(historyRoutes);
  await app.register(profileRoutes);
  await app.register(forgotRoutes(mailer));
};
