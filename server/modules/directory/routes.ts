import type { FastifyPluginAsync } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { ApiError } from '../../http/envelope';
import './menus';
import { infoRoutes } from './info-routes';
import { oidcRoutes } from './oidc-routes';
import { tokenRoutes } from './token-routes';
import { ldapRoutes } from './ldap-routes';
import { scimRoutes } from './scim/routes';

/**
 * Sign-in through the hospital's directory: OpenID Connect, LDAP / Active Directory bind, SCIM 2.0
 * provisioning, and the mapping from the directory's groups and branch to the console's
 * (docs/directory-sign-in.md). Sessions, the second factor and the trail are the accounts and
 * second-factor modules'; accounts are written through the users' one write path.
 */
export const directoryModule: FastifyPluginAsync = async (app) => {
  // The sign-in routes are limited per address like the password step (accounts' own limiter is its own).
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_req, ctx) => new ApiError(429, `Too many attempts; try again in ${Math.ceil(ctx.ttl / 1000)} seconds`),
  });
  await app.register(infoRoutes);
  await app.register(oidcRoutes);
  await app.register(ldapRoutes);
  await app.register(tokenRoutes);
  await app.register(scimRoutes);
};
