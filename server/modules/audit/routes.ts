import type { FastifyPluginAsync } from 'fastify';
import { requirePermission, signedIn } from '../../plugins/auth';
import { success } from '../../http/envelope';
import { parseIdParam } from '../../http/ids';
import { refuseInvalid } from '../../http/validation';
import { registerMenus } from '../access';
import { AUDIT_MENUS, AUDIT_SLUGS } from './menus';
import { schemas } from './schemas';
import { auditQueries, type LogFilters } from './queries';
import { hiddenMask } from './hidden';
import { restorer } from './restore';
import { retentionDaysFrom } from './retention';
import { scheduleWitnesses } from './witness-schedule';
import { applyRetention } from '../privacy/retention';

// The audit trail's catalogue entries, written at start-up and granted to Super Admin.
registerMenus(AUDIT_MENUS);

interface Paging {
  page: number;
  limit: number;
}

const DAY_MS = 86_400_000;

/**
 * The audit trail's reading and repairing routes. The trail itself is written by the generic
 * write path's recorder (wired in server/app.ts) and by the modules' own writes; no route
 * changes or removes an entry.
 */
export const auditRoutes: FastifyPluginAsync = async (app) => {
  const { conn, crud } = app.ctx;
  // What the reader may not see of a record (field and row rules) is shown as hidden.
  const queries = auditQueries(conn.db, hiddenMask(app.ctx));
  const repair = restorer(app.ctx);

  // A stale save's refusal names who changed the record last, from the trail.
  crud.lastChangeFrom(async (d, id) => {
    const newest = await queries.newestOf(conn.db, d.name, id);
    return newest
      ? { user_id: newest.audit_actor, user_name: newest.audit_actor_name ?? '', at: newest.audit_at, action: newest.audit_action }
      : undefined;
  });

  // The chain's head written outside the database (AUDIT_WITNESS_DIR), so its end cannot be cut off unseen.
  scheduleWitnesses(app, conn.db, app.ctx.config);

  // Retention: AUDIT_RETENTION_DAYS, or the retention page's setting with the legal holds
  // (server/modules/privacy/retention.ts, which calls this trail's prune), at start-up and then daily.
  const prune = async () => {
    try {
      await applyRetention(app.ctx);
    } catch (err) {
      app.log.error({ err }, 'Retention: pruning failed');
    }
  };
  let timer: NodeJS.Timeout | undefined;
  // A wrong AUDIT_RETENTION_DAYS stops the start, as it always did.
  retentionDaysFrom(process.env);
  app.addHook('onReady', async () => {
    await prune();
    timer = setInterval(() => void prune(), DAY_MS);
    timer.unref();
  });
  app.addHook('preClose', async () => {
    clearInterval(timer);
  });

  app.get<{ Querystring: LogFilters }>(
    '/audit/audit-list',
    { schema: schemas.list, attachValidation: true, preHandler: requirePermission(AUDIT_SLUGS.log) },
    async (request) => {
      refuseInvalid(request);
      const result = await queries.list(signedIn(request), request.query);
      return success(result.data.length ? 'Data Found' : 'Data Not Found', result.data, result.total);
    },
  );

  app.get<{ Params: { resource: string; id: string }; Querystring: Paging }>(
    '/audit/history/:resource/:id',
    { schema: schemas.history, attachValidation: true, preHandler: requirePermission(AUDIT_SLUGS.history) },
    async (request) => {
      refuseInvalid(request);
      const { resource, id } = request.params;
      const result = await queries.history(signedIn(request), resource, parseIdParam(id, resource), request.query);
      return success(result.data.length ? 'Data Found' : 'Data Not Found', result.data, result.total);
    },
  );

  app.get<{ Params: { resource: string }; Querystring: Paging }>(
    '/audit/deleted/:resource',
    { schema: schemas.deleted, attachValidation: true, preHandler: requirePermission(AUDIT_SLUGS.history) },
    async (request) => {
      refuseInvalid(request);
      const result = await queries.deleted(signedIn(request), request.params.resource, request.query);
      return success(result.data.length ? 'Data Found' : 'Data Not Found', result.data, result.total);
    },
  );

  app.post<{ Params: { entryId: string }; Body: { latest: number } }>(
    '/audit/restore/:entryId',
    { schema: schemas.restore, attachValidation: true, preHandler: requirePermission(AUDIT_SLUGS.restore) },
    async (request) => {
      refuseInvalid(request);
      const entryId = parseIdParam(request.params.entryId, 'audit entry');
      const record = await repair.restore(signedIn(request), entryId, request.body.latest);
      return success('Record Restored Successfully', record);
    },
  );

  app.post<{ Params: { entryId: string }; Body: Record<string, unknown> | undefined }>(
    '/audit/undelete/:entryId',
    { schema: schemas.undelete, attachValidation: true, preHandler: requirePermission(AUDIT_SLUGS.restore) },
    async (request, reply) => {
      refuseInvalid(request);
      const entryId = parseIdParam(request.params.entryId, 'audit entry');
      const record = await repair.undelete(signedIn(request), entryId, request.body ?? {});
      return reply.code(201).send(success('Record Undeleted Successfully', record));
    },
  );
};
