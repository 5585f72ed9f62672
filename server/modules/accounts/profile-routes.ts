import type { FastifyPluginAsync } from 'fastify';
import multipart from '@fastify/multipart';
import { ApiError, success } from '../../http/envelope';
import { originOf, requireUser } from '../../plugins/auth';
import { trailOf } from '../audit/trail';
import { descriptorSnapshot } from '../audit/changes';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { loadPasswordPolicy, passwordProblem } from '../../auth/password-policy';
import { userView } from '../../auth/user-view';
import { readWriteBody } from '../../crud/body';
import { TAGS, changePasswordBody } from './schemas';
import { refuseInvalid, signedIn } from './validation';
import { lockedMinutes, recordFailure } from './throttle';

/** Pictures live with the users' other pictures (the users table's upload folder). */
export const PICTURE_FOLDER = 'users';

interface ChangePasswordBody {
  verify_email: string;
  current_password: string;
  new_password: string;
  c_password: string;
}

/** My profile: change my picture and my password (spec 000 sections 2 and 7). */
export const profileRoutes: FastifyPluginAsync = async (app) => {
  const { conn, registry, images, sessions, config, events } = app.ctx;
  const db = conn.db;
  const trail = trailOf(conn);

  await app.register(async (uploads) => {
    await uploads.register(multipart, {
      limits: { fileSize: config.maxImageBytes, files: 1, fields: 10, parts: 11 },
      throwFileSizeLimit: true,
    });
    uploads.post(
      '/users/change-profile-picture',
      {
        preHandler: requireUser,
        schema: { tags: TAGS, summary: 'Change my picture (multipart `user_picture`, an image checked by content)' },
      },
      async (request) => {
        const me = signedIn(request);
        if (!request.isMultipart()) throw new ApiError(422, 'Choose a picture to upload', { user_picture: 'required' });
        // Read as a users body: only the user's own fields are accepted, within the upload bounds.
        // A file that is not a picture is refused with the profile's own wording, whichever check finds it.
        const notAPicture = (error: unknown): never => {
          if (error instanceof ApiError && error.statusCode === 422 && (error.errors === undefined || 'user_picture' in error.errors))
            throw new ApiError(422, 'This file is not a picture: choose a JPEG, PNG, WebP or GIF image', {
              user_picture: 'must be a JPEG, PNG, WebP or GIF image',
            });
          throw error;
        };
        const { files } = await readWriteBody(request, registry.get('users'), 1).catch(notAPicture);
        const file = files.find((f) => f.field === 'user_picture');
        if (!file) throw new ApiError(422, 'Choose a picture to upload', { user_picture: 'required' });
        const prepared = await images.prepare(file).catch(notAPicture);
        const before = await db.selectFrom('users').select('user_picture').where('user_id', '=', me.user_id).executeTakeFirstOrThrow();
        const stored = await images.save(PICTURE_FOLDER, prepared);
        try {
          await db.transaction().execute(async (trx) => {
            await trx
              .updateTable('users')
              .set({ user_picture: stored, updated_at: new Date().toISOString() })
              .where('user_id', '=', me.user_id)
              .execute();
            const now = await trx.selectFrom('users').selectAll().where('user_id', '=', me.user_id).executeTakeFirstOrThrow();
            await trail.accountEvent(trx, {
              action: 'update',
              userId: me.user_id,
              byThemself: true,
              origin: originOf(request),
              changes: { user_picture: { before: before.user_picture, after: stored } },
              snapshot: descriptorSnapshot(registry.get('users'), now),
            });
          });
        } catch (error) {
          await images.remove(stored);
          throw error;
        }
        if (before.user_picture && before.user_picture !== stored) await images.remove(before.user_picture);
        events.emit('record-changed', { resource: 'users', ids: [me.user_id], action: 'update', branches: [me.user_branch] });
        return success('Profile Picture Changed Successfully', await userView(db, registry, me.user_id));
      },
    );
  });

  app.post<{ Body: ChangePasswordBody }>(
    '/users/reset-password',
    {
      preHandler: requireUser,
      attachValidation: true,
      schema: { tags: TAGS, summary: 'Change my password; every session of mine ends', body: changePasswordBody },
    },
    async (request) => {
      refuseInvalid(request, 'All fields are required', changePasswordBody);
      const me = signedIn(request);
      const { verify_email, current_password, new_password, c_password } = request.body;
      const user = await db
        .selectFrom('users')
        .select(['username', 'user_email', 'password_hash'])
        .where('user_id', '=', me.user_id)
        .executeTakeFirstOrThrow();
      // Guessing the current password from a borrowed session counts against the sign-in lock.
      const locked = await lockedMinutes(db, user.username);
      if (locked) throw new ApiError(429, `Too many failed attempts; try again in ${locked} minutes`);
      if (!(await verifyPassword(user.password_hash, current_password))) {
        await recordFailure(db, user.username);
        throw new ApiError(422, 'Current Password Invalid!', { current_password: 'Current Password Invalid!' });
      }
      const email = user.user_email.trim().toLowerCase();
      if (!email || verify_email.trim().toLowerCase() !== email)
        throw new ApiError(422, 'Email Not Verified!', { verify_email: 'Email Not Verified!' });
      if (new_password !== c_password)
        throw new ApiError(422, 'Password Not Matched!', { new_password: 'Password Not Matched!', c_password: 'Password Not Matched!' });
      await loadPasswordPolicy();
      const problem = passwordProblem(new_password, user.username);
      if (problem) throw new ApiError(422, problem, { new_password: problem });
      const hash = await hashPassword(new_password);
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('users')
          .set({ password_hash: hash, updated_at: new Date().toISOString() })
          .where('user_id', '=', me.user_id)
          .execute();
        const changes = { password_hash: { changed: true as const } };
        await trail.accountEvent(trx, {
          action: 'password-change',
          userId: me.user_id,
          byThemself: true,
          origin: originOf(request),
          changes,
        });
      });
      await sessions.revokeUser(me.user_id);
      return success('Password Changed Successfully', null);
    },
  );
};
