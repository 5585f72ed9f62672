import type { FastifyBaseLogger } from 'fastify';
import { msUntil } from '../notifications/time';
import type { DynamicDb } from '../../db/database';
import type { CrudService } from '../../crud/service';
import type { Trail } from '../audit/trail';
import { BATCH, claimDue, nextDate, type Claimed, type DueAction } from './due';

/**
 * The one scheduler of due actions (issue 48): notices' deliveries and every scheduled record's
 * publication and expiry (./due.ts). Due actions are claimed in the database, so a restart loses
 * nothing (the first look catches up on everything that fell due meanwhile) and several
 * instances never record one action twice. Each instance sleeps until the next date it knows of,
 * and looks again at least every LOOK_AGAIN_MS for records written through other instances (or
 * due while the instance that planned them was killed): an action happens within that time of
 * its date, even with one instance left.
 */
export const LOOK_AGAIN_MS = 30_000;

export interface DueScheduler {
  /** Looks for due actions now (after a write) and plans the next look. */
  poke(): Promise<void>;
  stop(): void;
}

export interface SchedulerDeps {
  crud: CrudService;
  db: DynamicDb;
  trail: Trail;
  actions: readonly DueAction[];
  /** The wall-clock time in the server's zone, as dates are stored (`YYYY-MM-DD HH:mm:ss`). */
  now: () => string;
  /** What follows a claimed action once committed (a notice pushed to its readers). */
  done: (claimed: Claimed) => void;
  log: FastifyBaseLogger;
  lookAgainMs?: number;
}

export function startDueScheduler(deps: SchedulerDeps): DueScheduler {
  const lookAgain = deps.lookAgainMs ?? LOOK_AGAIN_MS;
  let timer: NodeJS.Timeout | undefined;
  const state = { stopped: false };
  // A function, not the flag itself: the flag changes while a look awaits the database.
  const stopped = () => state.stopped;
  let running: Promise<void> = Promise.resolve();

  const plan = (wait: number) => {
    if (stopped()) return;
    clearTimeout(timer);
    timer = setTimeout(() => void poke(), wait);
    timer.unref();
  };

  async function tick() {
    if (stopped()) return;
    try {
      let next: string | undefined;
      let more = false;
      for (const action of deps.actions) {
        if (stopped()) return;
        const claimed = await claimDue(deps.crud, deps.db, deps.trail, action, deps.now());
        for (const c of claimed) deps.done(c);
        // A full batch: there may be more due at once.
        if (claimed.length >= BATCH) more = true;
        const date = await nextDate(deps.db, action);
        if (date !== undefined && (next === undefined || date < next)) next = date;
      }
      // A few ms past the second, so the string comparison sees the date as due.
      plan(more ? 0 : next === undefined ? lookAgain : Math.min(lookAgain, Math.max(100, msUntil(next) + 20)));
    } catch (err) {
      deps.log.error({ err }, 'scheduled actions failed; retrying');
      plan(5_000);
    }
  }

  // One look at a time: a poke during a look runs after it.
  function poke() {
    running = running.then(tick);
    return running;
  }

  return {
    poke,
    stop() {
      state.stopped = true;
      clearTimeout(timer);
    },
  };
}
