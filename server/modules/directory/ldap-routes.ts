import type { FastifyPluginAsync } from 'fastify';
import { ApiError } from '../../http/envelope';
import { originOf, PUBLIC } from '../../plugins/auth';
import { refuseInvalid } from '../../http/validation';
import { lockedMinutes, recordFailure } from '../accounts/throttle';
import { recordSignIn } from '../accounts/history';
import { trailOf } from '../audit/trail';
import { checkTransport, ldapBind, WrongPassword } from './ldap';
import { directorySignIn } from './sign-in';
import { directoryDb } from './tables';
import { TAGS, isRemember, ldapBody } from './schemas';

/**
 * Sign-in with the directory's username and password (LDAP / Active Directory bind). Wrong
 * passwords count towards the same per-username lock-out as the console's own passwords, and the
 * answer is the password sign-in's (a session, or the second factor's next step).
 */
export const ldapRoutes: FastifyPluginAsync = (app) => {
  const cfg = app.ctx.config.directory?.ldap;
  if (!cfg) return Promise.resolve();
  checkTransport(cfg);
  const db = app.ctx.conn.db;

  app.post<{ Body: { username: string; password: string; remember?: unknown } }>(
    '/directory/ldap/sign-in',
    {
      schema: {
        tags: TAGS,
        summary: "Sign in with the directory's (LDAP) username and password; answers like the password sign-in",
        body: ldapBody,
      },
      config: { access: PUBLIC, rateLimit: { max: app.ctx.config.loginRateLimit, timeWindow: '1 minute' } },
      attachValidation: true,
    },
    async (request) => {
      refuseInvalid(request, { message: 'Username and password are required', required: ldapBody.required });
      const username = request.body.username.trim();
      if (!username || !request.body.password) throw new ApiError(422, 'Username and password are required');
      const locked = await lockedMinutes(db, username);
      if (locked) throw new ApiError(429, `Too many failed sign-ins for this username; try again in ${locked} minutes`);
      let person;
      try {
        person = await ldapBind(cfg, username, request.body.password);
      } catch (err) {
        if (!(err instanceof WrongPassword)) {
          request.log.warn(
            { err: (err as Error & { cause?: unknown }).cause ?? err },
            'LDAP server did not answer, or its certificate was refused',
          );
          throw err;
        }
        await recordFailure(db, username);
        const link = await directoryDb(db)
          .selectFrom('directory_identity')
          .innerJoin('users', 'users.user_id', 'directory_identity.user_id')
          .select('users.user_id')
          .where('directory_identity.provider', '=', 'ldap')
          .where('users.username', '=', username)
          .executeTakeFirst();
        if (link) {
          await recordSignIn(db, {
            username,
            ip: request.ip,
            browser: request.headers['user-agent'] ?? '',
            userId: link.user_id,
            success: false,
          });
          await trailOf(app.ctx.conn).accountEvent(db, {
            action: 'sign-in-failed',
            userId: link.user_id,
            byThemself: false,
            origin: originOf(request),
            changes: { sign_in_method: { after: 'LDAP' } },
          });
        }
        throw new ApiError(401, 'Invalid username or password');
      }
      return directorySignIn(app.ctx, request, {
        person: { provider: 'ldap', subject: person.dn, username, name: person.name, email: person.email, emailVerified: !!person.email },
        groups: person.groups,
        groupsClaim: cfg.groupAttribute,
        branch: person.branch,
        remember: isRemember(request.body.remember),
      });
    },
  );
  return Promise.resolve();
};
