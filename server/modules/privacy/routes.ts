import type { FastifyPluginAsync } from 'fastify';
import { requirePermission, signedIn } from '../../plugins/auth';
import { ApiError } from '../../http/envelope';
import { parseIdParam } from '../../http/ids';
import { refuseInvalid } from '../../http/validation';
import { inBranchScope } from '../../auth/scope';
import { trailOf } from '../audit/trail';
import { PRIVACY_SLUGS } from './menus';
import { schemas } from './schemas';
import { subjectReader } from './subject';
import { archiveOf } from './archive';

/**
 * Subject access (issue 49 point 2): one person's data as one ZIP, started from their record by a
 * holder of `privacy/subject-access`. The ZIP is built in memory and the export is recorded in the
 * trail (on the person's record) before it is answered; a refusal changes nothing and records
 * nothing. Retention (point 4) runs from the audit module's daily prune (./retention.ts).
 */
export const privacyRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  const reader = subjectReader(ctx);
  const trail = trailOf(ctx.conn);

  app.get<{ Params: { resource: string; id: string } }>(
    '/privacy/subject-access/:resource/:id',
    { schema: schemas.subjectAccess, attachValidation: true, preHandler: requirePermission(PRIVACY_SLUGS.subjectAccess) },
    async (request, reply) => {
      refuseInvalid(request);
      const actor = signedIn(request);
      const d = ctx.registry.find(request.params.resource);
      if (!d) throw new ApiError(404, `There is no resource "${request.params.resource}"`);
      if (d.describes !== 'people')
        throw new ApiError(
          422,
          `A ${d.name} record describes no person: only users, doctors, members and donors have a subject access export`,
        );
      const id = parseIdParam(request.params.id, d.name);
      const record = await reader.recordOf(d, id);
      // Another branch's person is not found, as everywhere else (no probing), and says why it may be.
      if (!record || !inBranchScope(d, actor, record))
        throw new ApiError(404, `No ${d.name} record ${id} in your reach: it does not exist, or belongs to another branch`);
      const subject = await reader.gather(d, id, record);
      const at = new Date().toISOString();
      const who = await ctx.conn.db.selectFrom('users').select('user_name').where('user_id', '=', actor.user_id).executeTakeFirst();
      const { zip, files } = await archiveOf(subject, { at, by: who?.user_name ?? `user ${actor.user_id}` });
      const scope = d.branchScope;
      await trail.record(ctx.conn.db, {
        action: 'export',
        resource: d.name,
        record: id,
        branch: scope ? Number(record[scope]) : null,
        actor,
        changes: { subject_access: true, files: files.length, bytes: zip.length },
      });
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="subject-access-${d.name}-${id}.zip"`)
        .send(zip);
    },
  );
};
