import type { FastifyPluginAsync } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { ApiError } from '../../http/envelope';
import { secondStepRoutes } from './sign-in-routes';
import { profileFactorRoutes } from './profile-routes';
import { adminFactorRoutes } from './admin-routes';

/**
 * The second factor: authenticator-app codes (RFC 6238) with recovery codes, passkeys, a group's
 * requirement with its grace period, an administrator's reset, and the lock screen's lock and
 * unlock. The password step itself stays in accounts, which asks gate.ts what follows it.
 */
export const secondFactorModule: FastifyPluginAsync = async (app) => {
  // The sign-in's second step is limited per address like the password step (accounts' own limiter is its own).
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_req, ctx) => new ApiError(429, `Too many attempts; try again in ${Math.ceil(ctx.ttl / 1000)} seconds`),
  });
  await app.register(secondStepRoutes);
  await app.register(profileFactorRoutes);
  await app.register(adminFactorRoutes);
};
