import type { FastifyBaseLogger } from 'fastify';
import type { NotificationService } from './service';
import { publicRecord } from './service';
import { rooms, type SocketHub } from './sockets';
import { msUntil } from './time';

/**
 * Pushes notices when they fall due. Due notices are claimed in the database (see claimDue), so
 * a restart loses nothing and several instances never push one notice twice. Each instance
 * sleeps until the next pending date it knows of, and looks again at least every half minute
 * for notices written by other instances (whose own scheduler normally pushes them on time).
 */
const LOOK_AGAIN_MS = 30_000;

export interface DueScheduler {
  /** Looks for due notices now (after a write) and plans the next look. */
  poke(): Promise<void>;
  stop(): void;
}

export function noticeRooms(n: {
  notification_type: string;
  notification_group: number;
  notification_user: number;
  branch: number;
}): string[] {
  if (n.notification_type === 'Group')
    return [n.branch === 0 ? rooms.group(n.notification_group) : rooms.groupInBranch(n.notification_group, n.branch)];
  if (n.notification_type === 'User') return [rooms.user(n.notification_user)];
  return [n.branch === 0 ? rooms.everyone : rooms.branch(n.branch)];
}

export function startDueScheduler(service: NotificationService, hub: SocketHub, log: FastifyBaseLogger): DueScheduler {
  let timer: NodeJS.Timeout | undefined;
  const state = { stopped: false };
  // A function, not the flag itself: the flag changes while a look awaits the database.
  const stopped = () => state.stopped;
  let running: Promise<void> = Promise.resolve();

  async function tick() {
    if (stopped()) return;
    try {
      for (const row of await service.claimDue()) {
        const notice = { ...publicRecord(row), notification_read_status: 0 as const };
        hub.emitTo(noticeRooms({ ...row, branch: row.notification_branch }), notice);
      }
      const next = await service.nextPending();
      // A few ms past the second, so the string comparison sees the notice as due.
      const wait = next === undefined ? LOOK_AGAIN_MS : Math.min(LOOK_AGAIN_MS, Math.max(100, msUntil(next) + 20));
      if (stopped()) return;
      clearTimeout(timer);
      timer = setTimeout(() => void poke(), wait);
      timer.unref();
    } catch (err) {
      log.error({ err }, 'notification delivery failed; retrying');
      if (stopped()) return;
      clearTimeout(timer);
      timer = setTimeout(() => void poke(), 5_000);
      timer.unref();
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
