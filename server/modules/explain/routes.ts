import type { FastifyPluginAsync } from 'fastify';
import { requirePermission, requireUser, signedIn } from '../../plugins/auth';
import { ApiError, success } from '../../http/envelope';
import { refuseInvalid } from '../../http/validation';
import { EXPLAIN_SLUGS } from './menus';
import { explainer } from './service';
import { viewAs } from './view-as';
import { schemas } from './schemas';

/** The access explainer: why a user may or may not do something, two groups compared, and view as. */
export const explainRoutes: FastifyPluginAsync = async (app) => {
  const explain = explainer(app.ctx);
  const views = viewAs(app.ctx);

  // Views that ran out are ended in the trail at start-up and then every minute.
  const sweep = async () => {
    try {
      await views.endExpired();
    } catch (err) {
      app.log.error({ err }, 'View as: ending the views whose time is up failed');
    }
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await sweep();
    timer = setInterval(() => void sweep(), 60_000);
    timer.unref();
  });
  app.addHook('preClose', async () => {
    clearInterval(timer);
  });

  app.get<{ Querystring: { user: number; slug?: string; record?: number } }>(
    '/explain/check-access',
    { schema: schemas.check, attachValidation: true, preHandler: requirePermission(EXPLAIN_SLUGS.check) },
    async (request) => {
      refuseInvalid(request);
      const { user, slug, record } = request.query;
      return success('Data Found', await explain.explain(signedIn(request), user, slug, record));
    },
  );

  app.get<{ Querystring: { left?: number; right?: number } }>(
    '/explain/compare-groups',
    { schema: schemas.compare, attachValidation: true, preHandler: requirePermission(EXPLAIN_SLUGS.compare) },
    async (request) => {
      refuseInvalid(request);
      const { left, right } = request.query;
      if (left === undefined || right === undefined) {
        const missing = left === undefined ? 'left' : 'right';
        throw new ApiError(422, 'Choose two groups to compare', { [missing]: 'Choose two groups to compare' });
      }
      return success('Data Found', await explain.compare(left, right));
    },
  );

  app.post<{ Body: { user_id: number } }>(
    '/explain/view-as-start',
    { schema: schemas.start, attachValidation: true, preHandler: requirePermission(EXPLAIN_SLUGS.viewAs) },
    async (request) => {
      refuseInvalid(request);
      return success('Viewing Started', await views.start(signedIn(request), request.body.user_id));
    },
  );

  app.post('/explain/view-as-end', { schema: schemas.end, preHandler: requireUser, config: { viewAsEnd: true } }, async (request) =>
    success('Viewing Ended', await views.end(signedIn(request))),
  );

  // For the groups list: the row the server never deletes shows no live Delete button (any
  // signed-in user who sees the list may ask; it names a group id, nothing more).
  app.get('/explain/fixed-groups', { schema: schemas.fixedGroups, preHandler: requireUser }, async () =>
    success('Data Found', { super_admin: await explain.superAdminGroup() }),
  );

  app.get('/explain/view-as', { schema: schemas.status, preHandler: requireUser }, async (request) =>
    success('Data Found', await views.status(signedIn(request))),
  );
};
