import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ApiError, success } from '../../http/envelope';
import { PUBLIC, originOf } from '../../plugins/auth';
import { refuseInvalid } from '../../http/validation';
import { finishSignIn, type SigningIn } from '../accounts/finish-sign-in';
import { lockedMinutes, recordFailure } from '../accounts/throttle';
import { recordSignIn } from '../accounts/history';
import { trailOf } from '../audit/trail';
import { factorDb, type SecondFactorTicketTable } from './tables';
import { issueTicket, readTicket, spendTicket } from './tickets';
import { confirmTotp, startTotp, takeCode } from './service';
import { renewRecoveryCodes, recoveryLeft } from './recovery';
import { authenticationOptions, passkeyOf, verifyAssertion } from './passkeys';
import { TAGS, passkeyAnswerBody, passkeyOptionsBody, ticketBody, ticketCodeBody, type WebAuthnAnswer } from './schemas';

const EXPIRED = 'This sign-in has expired: sign in again';

/**
 * The sign-in's second step, for a password answered with `second_factor` (see gate.ts): a code
 * from an authenticator app or a recovery code, a passkey, or (past a group's grace period) an
 * enrolment. Also a passkey alone, without username or password.
 */
export const secondStepRoutes: FastifyPluginAsync = (app) => {
  const { conn, config } = app.ctx;
  const db = conn.db;
  const f = factorDb(db);
  const trail = trailOf(conn);
  const limits = { access: PUBLIC, rateLimit: { max: config.loginRateLimit, timeWindow: '1 minute' } };

  /** The ticket's user, still active and with the password the ticket was given for; else 401. */
  async function signingIn(row: SecondFactorTicketTable | undefined): Promise<SigningIn> {
    if (!row) throw new ApiError(401, EXPIRED);
    const user = await db
      .selectFrom('users')
      .select(['user_id', 'username', 'user_group', 'password_hash', 'user_status'])
      .where('user_id', '=', row.user_id)
      .executeTakeFirst();
    if (user?.user_status !== 1 || (row.password_hash && row.password_hash !== user.password_hash)) throw new ApiError(401, EXPIRED);
    return user;
  }

  /** A refused second step: the history's line and the trail's entry, as a wrong password leaves them. */
  async function refused(request: FastifyRequest, user: SigningIn, error: unknown): Promise<never> {
    if (error instanceof ApiError && error.statusCode === 401) {
      const browser = request.headers['user-agent'] ?? '';
      await recordSignIn(db, { userId: user.user_id, username: user.username, ip: request.ip, browser, success: false });
      await trail.accountEvent(db, {
        action: 'sign-in-failed',
        userId: user.user_id,
        byThemself: false,
        origin: originOf(request),
        changes: { username: { after: user.username } },
      });
    }
    throw error;
  }

  app.post<{ Body: { ticket: string; code: string } }>(
    '/users/user-login-code',
    {
      schema: { tags: TAGS, summary: "Sign-in's second step: a code from the authenticator app, or a recovery code", body: ticketCodeBody },
      config: limits,
      attachValidation: true,
    },
    async (request) => {
      refuseInvalid(request, { message: 'Enter the code', required: ticketCodeBody.required });
      const row = await readTicket(f, request.body.ticket, ['second-factor']);
      const user = await signingIn(row);
      const kind = await takeCode(db, user, request.body.code).catch((e: unknown) => refused(request, user, e));
      if (!(await spendTicket(f, request.body.ticket))) throw new ApiError(401, EXPIRED);
      const extra = kind === 'recovery-code' ? { recovery_left: await recoveryLeft(f, user.user_id) } : undefined;
      return finishSignIn(app.ctx, request, user, row?.remember === 1, { changes: { second_factor: { after: kind } }, extra });
    },
  );

  app.post<{ Body: { ticket: string } }>(
    '/users/user-login-enrol',
    {
      schema: {
        tags: TAGS,
        summary: 'Enrolment at sign-in (a group requires it): a new authenticator secret, to confirm',
        body: ticketBody,
      },
      config: limits,
      attachValidation: true,
    },
    async (request) => {
      refuseInvalid(request, { message: 'Sign in again', required: ticketBody.required });
      const user = await signingIn(await readTicket(f, request.body.ticket, ['enrol']));
      return success('Scan the code with your authenticator app', await startTotp(db, user));
    },
  );

  app.post<{ Body: { ticket: string; code: string } }>(
    '/users/user-login-enrol-confirm',
    {
      schema: { tags: TAGS, summary: "Enrolment at sign-in: the app's first code confirms it and signs in", body: ticketCodeBody },
      config: limits,
      attachValidation: true,
    },
    async (request) => {
      refuseInvalid(request, { message: 'Enter the code', required: ticketCodeBody.required });
      const row = await readTicket(f, request.body.ticket, ['enrol']);
      const user = await signingIn(row);
      await takeCode(db, user, request.body.code, { pending: true }).catch((e: unknown) => refused(request, user, e));
      if (!(await spendTicket(f, request.body.ticket))) throw new ApiError(401, EXPIRED);
      const codes = await db.transaction().execute(async (trx) => {
        await confirmTotp(trx, user.user_id);
        const made = await renewRecoveryCodes(factorDb(trx), user.user_id);
        await trail.accountEvent(trx, {
          action: 'second-factor-enrolled',
          userId: user.user_id,
          byThemself: true,
          origin: originOf(request),
          changes: { second_factor: { after: 'totp' } },
        });
        return made;
      });
      return finishSignIn(app.ctx, request, user, row?.remember === 1, {
        changes: { second_factor: { after: 'totp' } },
        extra: { recovery_codes: codes },
      });
    },
  );

  app.post<{ Body: { ticket?: string; remember?: unknown } }>(
    '/users/user-login-passkey-options',
    {
      schema: {
        tags: TAGS,
        summary: "A passkey's challenge: for the second step (with its ticket), or to sign in with a passkey alone (without)",
        body: passkeyOptionsBody,
      },
      config: limits,
      attachValidation: true,
    },
    async (request) => {
      refuseInvalid(request, { message: 'Sign in again', required: passkeyOptionsBody.required });
      const { ticket } = request.body;
      const row = ticket ? await readTicket(f, ticket, ['second-factor']) : undefined;
      const user = ticket ? await signingIn(row) : undefined;
      const keys = user
        ? await f.selectFrom('user_passkey').select(['credential_id', 'transports']).where('user_id', '=', user.user_id).execute()
        : [];
      if (user && !keys.length) throw new ApiError(422, 'You have no passkey: use your code instead');
      const options = await authenticationOptions(request, keys);
      const remember = row ? row.remember : [true, 'true', '1', 1].includes(request.body.remember as never) ? 1 : 0;
      const next = await issueTicket(f, 'passkey-sign-in', {
        user_id: user?.user_id ?? 0,
        password_hash: row?.password_hash ?? '',
        remember,
        challenge: options.challenge,
      });
      return success('Use your passkey', { ticket: next, options });
    },
  );

  app.post<{ Body: { ticket: string; credential: WebAuthnAnswer } }>(
    '/users/user-login-passkey',
    {
      schema: { tags: TAGS, summary: "Sign in with a passkey's answer (the second step, or a passkey alone)", body: passkeyAnswerBody },
      config: limits,
      attachValidation: true,
    },
    async (request) => {
      refuseInvalid(request, { message: 'Use your passkey', required: passkeyAnswerBody.required });
      const row = await readTicket(f, request.body.ticket, ['passkey-sign-in']);
      if (!row) throw new ApiError(401, EXPIRED);
      const key = await passkeyOf(f, request.body.credential, row.user_id);
      if (!key) throw new ApiError(401, 'This passkey is not known here');
      const user = await signingIn({ ...row, user_id: key.user_id });
      const locked = await lockedMinutes(db, user.username);
      if (locked) throw new ApiError(429, `Too many failed sign-ins for this username; try again in ${locked} minutes`);
      // Alone, the passkey stands for the password too: its holder must have been verified by it.
      const alone = row.user_id === 0;
      if (!(await verifyAssertion(f, request, request.body.credential, row.challenge, key, alone))) {
        await recordFailure(db, user.username);
        await refused(request, user, new ApiError(401, 'The passkey could not be verified; try again'));
      }
      if (!(await spendTicket(f, request.body.ticket))) throw new ApiError(401, EXPIRED);
      return finishSignIn(app.ctx, request, user, row.remember === 1, {
        changes: { [alone ? 'sign_in_method' : 'second_factor']: { after: 'passkey' } },
      });
    },
  );
  return Promise.resolve();
};
