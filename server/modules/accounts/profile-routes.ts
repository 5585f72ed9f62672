import type { FastifyPluginAsync } from 'fastify';
import multipart from '@fastify/multipart';
import { ApiError, success } from '../../http/envelope';
import { requireUser } from '../../plugins/auth';
import { verifyPassword } from '../../auth/passwords';
import { loadPasswordPolicy, passwordProblem } from '../../auth/password-policy';
import { userView } from '../../auth/user-view';
import { readWriteBody } from '../../crud/body';
import { TAGS, changePasswordBody } from './schemas';
import { refuseInvalid } from '../../http/validation';
import { signedIn } from './validation';
import { lockedMinutes, recordFailure } from './throttle';

interface ChangePasswordBody {
  verify_email: string;
  current_password: string;
  new_password: string;
  c_password: string;
}

/** My profile: change my picture and my password (spec 000 sections 2 and 7). */
export const profileRoutes: FastifyPluginAsync = async (app) => {
  const { conn, registry, sessions, config, crud } = app.ctx;
  const db = conn.db;
  const users = registry.get('users');

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
        const { files } = await readWriteBody(request, users, 1).catch(notAPicture);
        const file = files.find((f) => f.field === 'user_picture');
        if (!file) throw new ApiError(422, 'Choose a picture to upload', { user_picture: 'required' });
        // An update of the user's own record through the one write path: a new version, the trail's
        // entry, the replaced picture removed once stored, the change announced.
        await crud.update(users, me.user_id, { fields: {}, files: [file] }, { actor: me }).catch(notAPicture);
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
      refuseInvalid(request, { message: 'All fields are required', required: changePasswordBody.required });
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
      // The users policy hashes the password; the trail records the update as a password change.
      await crud.update(
        users,
        me.user_id,
        { fields: { password: new_password, c_password }, files: [] },
        { actor: me, reason: 'password-change' },
      );
      await sessions.revokeUser(me.user_id);
      return success('Password Changed Successfully', null);
    },
  );
};
