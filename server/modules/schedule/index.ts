import type { FastifyPluginAsync } from 'fastify';
import { nowIn, notification } from '../../../resources';
import { dynamic } from '../../db/database';
import type { RecordChange } from '../../events';
import { trailOf } from '../audit/trail';
import { dueActions } from './due';
import { startDueScheduler } from './scheduler';
import { publicRoutes } from './public-routes';

export { publicPath, liveNow } from './public-routes';
export { SCHEDULER } from './due';

/**
 * Scheduled publishing and expiry (issue 48, point 4): the one scheduler of due actions, for
 * every resource that declares `scheduled` (the website's content, resources/publishing.ts, and
 * the notices), and the public website's reads of what is live. What follows an action (a
 * notice pushed to its readers) is its module's, told by the `scheduled-action` event.
 */
export const scheduleModule: FastifyPluginAsync = async (app) => {
  const { crud, conn, registry, events, timeZone } = app.ctx;
  const resources = [...registry.all, notification].filter((d) => d.scheduled);
  const scheduler = startDueScheduler({
    crud,
    db: dynamic(conn.db),
    trail: trailOf(conn),
    actions: dueActions(resources),
    now: () => nowIn(timeZone),
    done: ({ d, action, row, now }) => {
      events.emit('scheduled-action', { resource: d.name, action, row, now });
    },
    log: app.log,
  });
  // The first look catches up on everything that fell due while no instance ran.
  app.addHook('onReady', async () => {
    await scheduler.poke();
  });
  app.addHook('preClose', async () => {
    scheduler.stop();
  });
  // Once a scheduled record is stored (by any path), the scheduler looks again.
  const names = new Set(resources.map((d) => d.name));
  const pokeOnWrite = ({ resource }: RecordChange) => {
    if (!names.has(resource)) return;
    void scheduler.poke();
    app.cluster.publish('schedule-changed', { resource });
  };
  events.on('record-changed', pokeOnWrite);
  // Written through another instance: this one plans for its dates too (else it would learn of
  // them only at its next look, LOOK_AGAIN_MS, were that instance to stop).
  const stopHearing = app.cluster.subscribe('schedule-changed', () => void scheduler.poke());
  app.addHook('onClose', async () => {
    events.off('record-changed', pokeOnWrite);
    stopHearing();
  });
  await app.register(publicRoutes);
};
