import type { ExpressionBuilder, Selectable } from 'kysely';
import type { Db, FixedTables, NotificationTable, Row } from '../../db/database';
import { notFound } from '../../http/envelope';
import type { NotificationInput } from './payload';
import { inputOf } from './policy';
import { nowLocal } from './time';
import type { RequestOrigin } from '../../context';

/** Who is asking: the session's user, with the group and branch that decide their reach. */
export interface Viewer {
  user_id: number;
  user_group: number;
  user_branch: number;
  /** Where the request came from, for the audit trail. */
  origin?: RequestOrigin;
}

type Stored = Selectable<NotificationTable>;

/** A notice as reads answer it: the spec's `notification_*` fields. */
export interface NotificationRecord extends NotificationInput {
  notification_id: number;
  /** The notice's version: what `If-Match` names to change or delete it only as it was read. */
  updated_at: string;
}

/** A notice in someone's inbox: the same, with their own read state (1 read). */
export interface InboxRecord extends NotificationRecord {
  notification_read_status: 0 | 1;
}

export interface Page<T> {
  data: T[];
  total: number;
  page: number;
  limit: number;
}

export interface AdminListQuery {
  page: number;
  limit: number;
  type?: string;
  status?: 0 | 1;
  search?: string;
}

export function publicRecord(row: Stored): NotificationRecord {
  return {
    notification_id: row.notification_id,
    notification_date: row.notification_date,
    notification_title: row.notification_title,
    notification_description: row.notification_description,
    notification_type: row.notification_type as NotificationInput['notification_type'],
    notification_user: row.notification_user,
    notification_group: row.notification_group,
    notification_status: row.notification_status === 1 ? 1 : 0,
    notification_expire_at: row.notification_expire_at ?? null,
    updated_at: row.updated_at,
  };
}

/** A notice as stored (a generic read's row) as the API answers it. */
export function recordOf(row: Row): NotificationRecord {
  return {
    notification_id: Number(row.notification_id),
    ...inputOf(row),
    updated_at: typeof row.updated_at === 'string' ? row.updated_at : '',
  };
}

type NotificationEb = ExpressionBuilder<FixedTables, 'notification'>;

/**
 * A notice's reach is its sender's branch scope: a sender of branch 0 reaches every branch, any
 * other sender their own branch only, for *All* and *Group* notices alike (a *User* notice already
 * names a user of the sender's branch).
 */
const inReach = (eb: NotificationEb, v: Viewer) =>
  eb.or([eb('notification.notification_branch', '=', 0), eb('notification.notification_branch', '=', v.user_branch)]);

/** The notices that reach a user now: active, due, and addressed to everyone in reach, their group in reach, or them. */
export const addressedTo = (v: Viewer, now: string) => (eb: NotificationEb) =>
  eb.and([
    eb('notification.notification_status', '=', 1),
    eb('notification.notification_date', '<=', now),
    // Expired notices leave the inbox at their expire-at (issue 48), whether or not the scheduler has recorded it yet.
    eb.or([eb('notification.notification_expire_at', 'is', null), eb('notification.notification_expire_at', '>', now)]),
    eb.or([
      eb.and([eb('notification.notification_type', '=', 'All'), inReach(eb, v)]),
      eb.and([
        eb('notification.notification_type', '=', 'Group'),
        eb('notification.notification_group', '=', v.user_group),
        inReach(eb, v),
      ]),
      eb.and([eb('notification.notification_type', '=', 'User'), eb('notification.notification_user', '=', v.user_id)]),
    ]),
  ]);

export type NotificationService = ReturnType<typeof createNotificationService>;

/**
 * The notices' own reads and writes besides their administration (which is the generic service's,
 * see admin.ts): the inbox, read marks and the due deliveries.
 */
export function createNotificationService(db: Db) {
  const stamp = () => new Date().toISOString();

  return {
    async inbox(v: Viewer, q: { page: number; limit: number; read?: 0 | 1 }): Promise<Page<InboxRecord> & { unread: number }> {
      const now = nowLocal();
      const base = db
        .selectFrom('notification')
        .leftJoin('notification_read', (j) =>
          j.onRef('notification_read.notification_id', '=', 'notification.notification_id').on('notification_read.user_id', '=', v.user_id),
        )
        .where(addressedTo(v, now));
      let filtered = base;
      if (q.read === 1) filtered = filtered.where('notification_read.user_id', 'is not', null);
      if (q.read === 0) filtered = filtered.where('notification_read.user_id', 'is', null);
      const [rows, count, unread] = await Promise.all([
        filtered
          .selectAll('notification')
          .select('notification_read.user_id as read_by')
          .orderBy('notification.notification_date', 'desc')
          .orderBy('notification.notification_id', 'desc')
          .limit(q.limit)
          .offset((q.page - 1) * q.limit)
          .execute(),
        filtered.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
        base
          .where('notification_read.user_id', 'is', null)
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return {
        data: rows.map(({ read_by, ...row }) => ({ ...publicRecord(row), notification_read_status: read_by == null ? 0 : 1 })),
        total: Number(count.n),
        page: q.page,
        limit: q.limit,
        unread: Number(unread.n),
      };
    },

    /** Marks one of the viewer's own notices read; anyone else's (or an unknown one) is 404. */
    async markRead(v: Viewer, id: number): Promise<InboxRecord> {
      const row = await db
        .selectFrom('notification')
        .selectAll()
        .where('notification_id', '=', id)
        .where(addressedTo(v, nowLocal()))
        .executeTakeFirst();
      if (!row) throw notFound(`notification ${id}`);
      await db
        .insertInto('notification_read')
        .values({ notification_id: id, user_id: v.user_id, read_at: stamp() })
        .onConflict((oc) => oc.columns(['notification_id', 'user_id']).doNothing())
        .execute();
      return { ...publicRecord(row), notification_read_status: 1 };
    },

    /** Marks every notice that reaches the viewer now as read; answers how many were unread. */
    async markAllRead(v: Viewer): Promise<number> {
      const unread = await db
        .selectFrom('notification')
        .leftJoin('notification_read', (j) =>
          j.onRef('notification_read.notification_id', '=', 'notification.notification_id').on('notification_read.user_id', '=', v.user_id),
        )
        .where(addressedTo(v, nowLocal()))
        .where('notification_read.user_id', 'is', null)
        .select('notification.notification_id')
        .execute();
      const at = stamp();
      // Chunks keep each insert under SQLite's bound-parameter limit.
      for (let i = 0; i < unread.length; i += 200) {
        await db
          .insertInto('notification_read')
          .values(unread.slice(i, i + 200).map((r) => ({ notification_id: r.notification_id, user_id: v.user_id, read_at: at })))
          .onConflict((oc) => oc.columns(['notification_id', 'user_id']).doNothing())
          .execute();
      }
      return unread.length;
    },
  };
}
