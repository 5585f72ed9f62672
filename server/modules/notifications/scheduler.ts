import type { Selectable } from 'kysely';
import type { NotificationTable } from '../../db/database';
import type { ScheduledAction } from '../../events';
import { publicRecord } from './service';
import { rooms, type SocketHub } from './sockets';

/**
 * What a notice's publication does: the schedule module's one scheduler (server/modules/schedule)
 * claims it when due, once across the instances, and the instance that claimed it pushes the
 * notice to the rooms it reaches (through the Redis adapter, every instance's sockets).
 */
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

/** Pushes a notice just published, unless it had already expired when it was claimed (a catch-up after a stop). */
export function pushDueNotice(hub: SocketHub, done: ScheduledAction): void {
  const row = done.row as unknown as Selectable<NotificationTable>;
  if (row.notification_expire_at && row.notification_expire_at <= done.now) return;
  const notice = { ...publicRecord(row), notification_read_status: 0 as const };
  hub.emitTo(noticeRooms({ ...row, branch: row.notification_branch }), notice);
}
