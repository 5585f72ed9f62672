import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { requireUser, signedIn } from '../../plugins/auth';
import { success } from '../../http/envelope';
import { parseIdParam } from '../../http/ids';
import { schemas } from './schemas';
import { createNotificationService, type Viewer } from './service';
import type { ScheduledAction } from '../../events';
import { attachSockets } from './sockets';
import { pushPermissionChanges } from './permission-pushes';
import { pushDueNotice } from './scheduler';
import { registerMenus } from '../access';
import { NOTIFICATION_MENUS } from './menus';
import { notification, NOTIFICATION_SLUGS } from '../../../resources';

// The notification admin's catalogue entries (spec 000 section 6), written at start-up.
registerMenus(NOTIFICATION_MENUS);

/** Permission slugs of the admin routes, as spec 000 section 6 names them. */
export { NOTIFICATION_SLUGS };

/** The signed-in user; the routes below all run after requireUser or requirePermission. */
const viewer: (request: FastifyRequest) => Viewer = signedIn;

interface IdParams {
  Params: { id: string };
}

const noticeId = (raw: string) => parseIdParam(raw, 'notification');

/**
 * The signed-in user's inbox (DESIGN.md paths) and the real-time connection that pushes notices
 * and record changes. The notice administration (spec paths) is the generated routes' (one
 * factory, server/routes/crud.ts, with ./resource-routes.ts) and the notices' policy (./policy.ts).
 */
export const notificationsModule: FastifyPluginAsync = async (app) => {
  const service = createNotificationService(app.ctx.conn.db);
  const { config, registry, sessions, permissions, events } = app.ctx;
  const hub = attachSockets(app.server, {
    apiBase: config.apiBase,
    registry,
    sessions,
    permissions,
    events,
    cluster: app.cluster,
    log: app.log,
  });
  const stopPermissionPushes = pushPermissionChanges(hub.io, events);
  app.addHook('preClose', async () => {
    stopPermissionPushes();
    await hub.close();
  });

  // A notice is pushed when it falls due: the schedule module (server/modules/schedule) claims its
  // publication once across the instances and tells the instance that claimed it.
  const pushOnPublish = (done: ScheduledAction) => {
    if (done.resource === notification.name && done.action === 'publish') pushDueNotice(hub, done);
  };
  events.on('scheduled-action', pushOnPublish);
  app.addHook('onClose', async () => {
    events.off('scheduled-action', pushOnPublish);
  });

  // The inbox: any signed-in user, their own notices only (spec: no permission checks shown).
  app.get<{ Querystring: { page: number; limit: number; read?: string } }>(
    '/notification/notification-list-user',
    { schema: schemas.inbox, preHandler: requireUser },
    async (request) => {
      const { page, limit, read } = request.query;
      const result = await service.inbox(viewer(request), { page, limit, read: read === '1' ? 1 : read === '0' ? 0 : undefined });
      return success(result.data.length ? 'Data Found' : 'Data Not Found', result, result.total);
    },
  );

  app.put<IdParams>('/notification/notification-read/:id', { schema: schemas.read, preHandler: requireUser }, async (request) =>
    success('Notification marked as read', await service.markRead(viewer(request), noticeId(request.params.id))),
  );

  app.put('/notification/notification-read-all', { schema: schemas.readAll, preHandler: requireUser }, async (request) => {
    const count = await service.markAllRead(viewer(request));
    return success('All notifications marked as read', { count });
  });
};
