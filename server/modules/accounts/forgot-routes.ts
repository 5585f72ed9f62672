import type { FastifyPluginAsync } from 'fastify';
import { ApiError, success } from '../../http/envelope';
import { loadPasswordPolicy, passwordProblem } from '../../auth/password-policy';
import { TAGS, forgotBody, newPasswordBody, otpBody } from './schemas';
import { refuseInvalid } from '../../http/validation';
import { CODE_RULES, checkCode, issueCode, purgeResets, spendTokens, tokenOwner } from './reset-codes';
import { clearFailures } from './throttle';
import type { Mailer } from './mailer';
import { originOf, PUBLIC } from '../../plugins/auth';

/** Requests for a code per client address, whatever the e-mail addresses asked for. */
export const CODE_REQUESTS_PER_IP = { max: 20, timeWindow: '15 minutes' };

export const FORGOT_MESSAGE = 'If the address belongs to an active account, a verification code has been sent to it';

/**
 * Forgot password without a session: e-mail -> one-time code -> reset token -> new password.
 * The first step answers alike for every address; the mail leaves after the answer, so its
 * delivery time does not tell whether the address exists either.
 */
export function forgotRoutes(mailer: Mailer): FastifyPluginAsync {
  return (app) => {
    const { conn, sessions } = app.ctx;
    const db = conn.db;

    app.post<{ Body: { email: string } }>(
      '/reset-password-verify',
      {
        attachValidation: true,
        config: { access: PUBLIC, rateLimit: CODE_REQUESTS_PER_IP },
        schema: { tags: TAGS, summary: 'Forgot password: e-mails a one-time code (same answer for every address)', body: forgotBody },
      },
      async (request) => {
        refuseInvalid(request, { message: 'Enter a valid e-mail address' });
        await purgeResets(db);
        const outcome = await issueCode(db, request.body.email);
        if (outcome.kind === 'limited') throw new ApiError(429, 'Too many code requests for this address; try again later');
        if (outcome.userId) {
          const to = request.body.email.trim();
          mailer
            .send({
              to,
              subject: 'Your password reset code',
              text:
                `Your verification code is ${outcome.code}\n\n` +
                `It is valid for ${CODE_RULES.minutes} minutes and can be used once. ` +
                'If you did not ask to reset your password, ignore this message.\n',
            })
            // Never the code or the address in the log: only that a delivery failed.
            .catch((error: unknown) => {
              request.log.warn({ err: (error as Error).message }, 'password reset mail could not be sent');
            });
        }
        return success(FORGOT_MESSAGE, null);
      },
    );

    app.post<{ Body: { email: string; otp: string } }>(
      '/reset-password-otp',
      {
        attachValidation: true,
        config: { access: PUBLIC },
        schema: { tags: TAGS, summary: 'Forgot password: checks the code, answers a short-lived reset token', body: otpBody },
      },
      async (request) => {
        refuseInvalid(request, { message: 'E-mail and code are required', required: otpBody.required });
        const outcome = await checkCode(db, request.body.email, request.body.otp);
        if (outcome.kind === 'exhausted')
          throw new ApiError(429, 'Too many wrong codes; request a new code', { otp: 'request a new code' });
        if (outcome.kind === 'invalid') throw new ApiError(422, 'The code is wrong or has expired', { otp: 'wrong or expired code' });
        return success('Code Verified', { token: outcome.token, expires_in: CODE_RULES.tokenMinutes * 60 });
      },
    );

    app.post<{ Body: { token: string; new_password: string; c_password: string } }>(
      '/reset-password-new',
      {
        attachValidation: true,
        config: { access: PUBLIC },
        schema: {
          tags: TAGS,
          summary: 'Forgot password: sets the new password with a reset token; every session ends',
          body: newPasswordBody,
        },
      },
      async (request) => {
        refuseInvalid(request, { message: 'All fields are required', required: newPasswordBody.required });
        const { token, new_password, c_password } = request.body;
        const userId = await tokenOwner(db, token);
        const user =
          userId === undefined
            ? undefined
            : await db.selectFrom('users').select(['username']).where('user_id', '=', userId).executeTakeFirst();
        if (userId === undefined || !user)
          throw new ApiError(422, 'The reset has expired; request a new code', { token: 'expired or already used' });
        if (new_password !== c_password)
          throw new ApiError(422, 'Password Not Matched!', { new_password: 'Password Not Matched!', c_password: 'Password Not Matched!' });
        await loadPasswordPolicy();
        const problem = passwordProblem(new_password, user.username);
        if (problem) throw new ApiError(422, problem, { new_password: problem });
        if (!(await spendTokens(db, token, userId)))
          throw new ApiError(422, 'The reset has expired; request a new code', { token: 'expired or already used' });
        // Nobody is signed in: the server's own update of the user's record, through the one write
        // path (the users policy hashes the password and ends every session), recorded as a reset.
        await app.ctx.crud.update(
          app.ctx.registry.get('users'),
          userId,
          { fields: { password: new_password, c_password }, files: [] },
          { reason: 'password-reset', origin: originOf(request) },
        );
        await clearFailures(db, user.username);
        await sessions.revokeUser(userId);
        return success('Password Reset Successfully', null);
      },
    );
    return Promise.resolve();
  };
}
