import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ApiError, success } from '../../http/envelope';
import { originOf, requireUser, signedIn } from '../../plugins/auth';
import { verifyPassword } from '../../auth/passwords';
import { refuseInvalid } from '../../http/validation';
import { lockedMinutes, recordFailure } from '../accounts/throttle';
import { trailOf, type AuditAction } from '../audit/trail';
import type { FieldChanges } from '../audit/changes';
import type { Db } from '../../db/database';
import { factorDb } from './tables';
import { issueTicket, readTicket, spendTicket } from './tickets';
import { confirmTotp, startTotp, takeCode } from './service';
import { recoveryLeft, renewRecoveryCodes } from './recovery';
import { dueDate, factorsOf, groupRequirement, wouldLeaveNone } from './requirement';
import { authenticationOptions, passkeyOf, registrationOptions, verifyAssertion, verifyRegistration } from './passkeys';
import { TAGS, codeBody, idParams, passkeyAddBody, passkeyAnswerBody, passwordBody, type WebAuthnAnswer } from './schemas';

const EXPIRED = 'This request has expired: try again';

/**
 * My second factor, from My profile: the authenticator app (enrol, confirm, remove), recovery
 * codes, passkeys (add, list, remove), and the lock screen's lock and unlock. Every change is
 * recorded in the audit trail on the user's record.
 */
export const profileFactorRoutes: FastifyPluginAsync = (app) => {
  const { conn } = app.ctx;
  const db = conn.db;
  const f = factorDb(db);
  const trail = trailOf(conn);
  const guarded = { preHandler: requireUser, attachValidation: true };

  const me = async (request: FastifyRequest) => {
    const user = signedIn(request);
    const row = await db
      .selectFrom('users')
      .select(['user_id', 'username', 'user_name', 'user_group', 'password_hash'])
      .where('user_id', '=', user.user_id)
      .executeTakeFirstOrThrow();
    return row;
  };
  const record = (on: Db, request: FastifyRequest, action: AuditAction, changes?: FieldChanges) =>
    trail.accountEvent(on, { action, userId: signedIn(request).user_id, byThemself: true, origin: originOf(request), changes });

  /** The password again, for what a borrowed session must not do alone; counted like a sign-in. */
  async function checkPassword(user: { username: string; password_hash: string }, password: string) {
    const locked = await lockedMinutes(db, user.username);
    if (locked) throw new ApiError(429, `Too many failed attempts; try again in ${locked} minutes`);
    if (!(await verifyPassword(user.password_hash, password))) {
      await recordFailure(db, user.username);
      throw new ApiError(422, 'Current Password Invalid!', { password: 'Current Password Invalid!' });
    }
  }

  app.get(
    '/second-factor/status',
    { preHandler: requireUser, schema: { tags: TAGS, summary: 'My second factor: what I have and what my group requires' } },
    async (request) => {
      const user = await me(request);
      const factors = await factorsOf(db, user.user_id);
      const need = await groupRequirement(db, user.user_group);
      const pending = await f.selectFrom('user_totp').select('confirmed_at').where('user_id', '=', user.user_id).executeTakeFirst();
      const passkeys = await f
        .selectFrom('user_passkey')
        .select(['passkey_id', 'passkey_name', 'created_at', 'last_used_at'])
        .where('user_id', '=', user.user_id)
        .orderBy('passkey_id')
        .execute();
      return success('Second factor', {
        totp: factors.totp,
        totp_pending: !!pending && !pending.confirmed_at,
        recovery_left: await recoveryLeft(f, user.user_id),
        passkeys,
        required: need.required,
        grace_days: need.graceDays,
        due_at: factors.totp || factors.passkeys ? null : ((await dueDate(db, user.user_id, need)) ?? null),
      });
    },
  );

  app.post(
    '/second-factor/totp-start',
    { ...guarded, schema: { tags: TAGS, summary: 'Start setting up an authenticator app: a new secret, pending until confirmed' } },
    async (request) => success('Scan the code with your authenticator app', await startTotp(db, await me(request))),
  );

  app.post<{ Body: { code: string } }>(
    '/second-factor/totp-confirm',
    {
      ...guarded,
      schema: {
        tags: TAGS,
        summary: 'Confirm the authenticator app with its first code; answers ten recovery codes, once',
        body: codeBody,
      },
    },
    async (request) => {
      refuseInvalid(request, { message: 'Enter the code', required: codeBody.required });
      const user = await me(request);
      const pending = await f.selectFrom('user_totp').select('confirmed_at').where('user_id', '=', user.user_id).executeTakeFirst();
      if (!pending || pending.confirmed_at) throw new ApiError(409, 'Start the set-up again');
      await takeCode(db, user, request.body.code, { pending: true, uncounted: true }).catch((e: unknown) => {
        // Signed in: a wrong code is a mistake in the form, not a failed sign-in.
        throw e instanceof ApiError && e.statusCode === 401 ? new ApiError(422, 'Invalid code', { code: 'Invalid code' }) : e;
      });
      const codes = await db.transaction().execute(async (trx) => {
        await confirmTotp(trx, user.user_id);
        const made = await renewRecoveryCodes(factorDb(trx), user.user_id);
        await record(trx, request, 'second-factor-enrolled', { second_factor: { after: 'totp' } });
        return made;
      });
      return success('Authenticator app set up', { recovery_codes: codes });
    },
  );

  app.post<{ Body: { password: string } }>(
    '/second-factor/totp-remove',
    {
      ...guarded,
      schema: { tags: TAGS, summary: 'Remove my authenticator app and its recovery codes (my password again)', body: passwordBody },
    },
    async (request) => {
      refuseInvalid(request, { message: 'Enter your password', required: passwordBody.required });
      const user = await me(request);
      await checkPassword(user, request.body.password);
      if (!(await factorsOf(db, user.user_id)).totp) throw new ApiError(404, 'No authenticator app is set up');
      if (await wouldLeaveNone(db, user.user_id, user.user_group, 'totp'))
        throw new ApiError(409, 'Your group requires a second factor: add another one before removing this one');
      await db.transaction().execute(async (trx) => {
        await factorDb(trx).deleteFrom('user_totp').where('user_id', '=', user.user_id).execute();
        await factorDb(trx).deleteFrom('user_recovery_code').where('user_id', '=', user.user_id).execute();
        await record(trx, request, 'second-factor-removed', { second_factor: { before: 'totp' } });
      });
      return success('Authenticator app removed', null);
    },
  );

  app.post<{ Body: { password: string } }>(
    '/second-factor/recovery-renew',
    { ...guarded, schema: { tags: TAGS, summary: 'Ten new recovery codes (the old ones stop working), shown once', body: passwordBody } },
    async (request) => {
      refuseInvalid(request, { message: 'Enter your password', required: passwordBody.required });
      const user = await me(request);
      await checkPassword(user, request.body.password);
      if (!(await factorsOf(db, user.user_id)).totp) throw new ApiError(404, 'No authenticator app is set up');
      const codes = await db.transaction().execute(async (trx) => {
        const made = await renewRecoveryCodes(factorDb(trx), user.user_id);
        await record(trx, request, 'recovery-codes-renewed', { recovery_codes: { changed: true } });
        return made;
      });
      return success('New recovery codes', { recovery_codes: codes });
    },
  );

  app.post(
    '/second-factor/passkey-options',
    { ...guarded, schema: { tags: TAGS, summary: "A new passkey's registration challenge" } },
    async (request) => {
      const user = await me(request);
      const existing = await f
        .selectFrom('user_passkey')
        .select(['credential_id', 'transports'])
        .where('user_id', '=', user.user_id)
        .execute();
      const options = await registrationOptions(request, user, existing);
      const ticket = await issueTicket(f, 'passkey-register', { user_id: user.user_id, challenge: options.challenge });
      return success('Use your passkey', { ticket, options });
    },
  );

  app.post<{ Body: { ticket: string; name: string; credential: WebAuthnAnswer } }>(
    '/second-factor/passkey-add',
    {
      ...guarded,
      schema: {
        tags: TAGS,
        summary: "Add a passkey: the browser's answer to the registration challenge, and a name",
        body: passkeyAddBody,
      },
    },
    async (request) => {
      refuseInvalid(request, { message: 'Name the passkey', required: passkeyAddBody.required });
      const user = await me(request);
      const name = request.body.name.trim();
      if (!name) throw new ApiError(422, 'Name the passkey', { name: 'required' });
      const row = await readTicket(f, request.body.ticket, ['passkey-register']);
      if (row?.user_id !== user.user_id || !(await spendTicket(f, request.body.ticket))) throw new ApiError(409, EXPIRED);
      const made = await verifyRegistration(request, request.body.credential, row.challenge);
      const taken = await f
        .selectFrom('user_passkey')
        .select('passkey_id')
        .where('credential_id', '=', made.credential_id)
        .executeTakeFirst();
      if (taken) throw new ApiError(409, 'This passkey is already registered');
      const now = new Date().toISOString();
      const id = await db.transaction().execute(async (trx) => {
        const added = await factorDb(trx)
          .insertInto('user_passkey')
          .values({ ...made, user_id: user.user_id, passkey_name: name, created_at: now, last_used_at: '' })
          .returning('passkey_id')
          .executeTakeFirstOrThrow();
        await factorDb(trx).deleteFrom('second_factor_due').where('user_id', '=', user.user_id).execute();
        await record(trx, request, 'passkey-added', { passkey_name: { after: name } });
        return added.passkey_id;
      });
      return success('Passkey added', { passkey_id: id, passkey_name: name, created_at: now, last_used_at: '' });
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/second-factor/passkey-delete/:id',
    { ...guarded, schema: { tags: TAGS, summary: 'Remove one of my passkeys', params: idParams } },
    async (request) => {
      refuseInvalid(request, { message: 'Passkey not found' });
      const user = await me(request);
      const key = await f
        .selectFrom('user_passkey')
        .select(['passkey_id', 'passkey_name'])
        .where('passkey_id', '=', Number(request.params.id))
        .where('user_id', '=', user.user_id)
        .executeTakeFirst();
      if (!key) throw new ApiError(404, 'Passkey not found');
      if (await wouldLeaveNone(db, user.user_id, user.user_group, 'passkey'))
        throw new ApiError(409, 'Your group requires a second factor: add another one before removing this one');
      await db.transaction().execute(async (trx) => {
        await factorDb(trx).deleteFrom('user_passkey').where('passkey_id', '=', key.passkey_id).execute();
        await record(trx, request, 'passkey-removed', { passkey_name: { before: key.passkey_name } });
      });
      return success('Passkey removed', { passkey_id: key.passkey_id });
    },
  );

  app.post(
    '/second-factor/lock',
    { ...guarded, schema: { tags: TAGS, summary: 'The console was locked (recorded; the session stays)' } },
    async (request) => {
      await record(db, request, 'lock');
      return success('Locked', null);
    },
  );

  app.post<{ Body: { password: string } }>(
    '/second-factor/unlock',
    { ...guarded, schema: { tags: TAGS, summary: 'Unlock the console with my password', body: passwordBody } },
    async (request) => {
      refuseInvalid(request, { message: 'Enter your password', required: passwordBody.required });
      const user = await me(request);
      await checkPassword(user, request.body.password);
      await record(db, request, 'unlock', { method: { after: 'password' } });
      return success('Unlocked', null);
    },
  );

  app.post(
    '/second-factor/unlock-passkey-options',
    { ...guarded, schema: { tags: TAGS, summary: "A passkey's challenge to unlock the console" } },
    async (request) => {
      const user = await me(request);
      const keys = await f.selectFrom('user_passkey').select(['credential_id', 'transports']).where('user_id', '=', user.user_id).execute();
      if (!keys.length) throw new ApiError(422, 'You have no passkey: use your password instead');
      const options = await authenticationOptions(request, keys);
      const ticket = await issueTicket(f, 'passkey-unlock', { user_id: user.user_id, challenge: options.challenge });
      return success('Use your passkey', { ticket, options });
    },
  );

  app.post<{ Body: { ticket: string; credential: WebAuthnAnswer } }>(
    '/second-factor/unlock-passkey',
    { ...guarded, schema: { tags: TAGS, summary: "Unlock the console with a passkey's answer", body: passkeyAnswerBody } },
    async (request) => {
      refuseInvalid(request, { message: 'Use your passkey', required: passkeyAnswerBody.required });
      const user = await me(request);
      const row = await readTicket(f, request.body.ticket, ['passkey-unlock']);
      if (row?.user_id !== user.user_id || !(await spendTicket(f, request.body.ticket))) throw new ApiError(409, EXPIRED);
      const key = await passkeyOf(f, request.body.credential, user.user_id);
      const locked = await lockedMinutes(db, user.username);
      if (locked) throw new ApiError(429, `Too many failed attempts; try again in ${locked} minutes`);
      if (!key || !(await verifyAssertion(f, request, request.body.credential, row.challenge, key, true))) {
        await recordFailure(db, user.username);
        throw new ApiError(422, 'The passkey could not be verified; try again');
      }
      await record(db, request, 'unlock', { method: { after: 'passkey' } });
      return success('Unlocked', null);
    },
  );
  return Promise.resolve();
};
