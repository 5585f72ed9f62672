import { sql, type ExpressionBuilder, type Selectable } from 'kysely';
import { dynamic, type Db, type Dialect, type FixedTables, type NotificationTable } from '../../db/database';
import type { Registry } from '../../../resources';
import { ApiError, notFound } from '../../http/envelope';
import { loadRichTextSanitizer } from '../../crud/sanitize';
import { readNotificationBody, type NotificationInput } from './payload';
import { nowLocal } from './time';
import type { RequestOrigin } from '../../context';
import { createTrail } from '../audit/trail';
import { fieldChanges } from '../audit/changes';
import { assertVersion, nextVersion, StaleVersion, staleRefusal, type LastChange } from '../../crud/versions';

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
    updated_at: row.updated_at,
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

export function createNotificationService(
  db: Db,
  dialect: Dialect,
  registry: Registry,
  lastChange?: (resource: string, id: number) => Promise<LastChange | undefined>,
) {
  const stamp = () => new Date().toISOString();
  const trail = createTrail(dialect);
  /** Records a notice's change in the transaction that wrote it. */
  const audited = (trx: Db, v: Viewer, action: 'create' | 'update' | 'delete', before?: Stored, after?: Stored) => {
    const row = after ?? before;
    if (!row) throw new Error('A notice change without its record');
    return trail.record(trx, {
      action,
      resource: 'notification',
      record: row.notification_id,
      branch: row.notification_branch,
      actor: v,
      changes: fieldChanges([], 'notification_id', before, after),
      snapshot: row,
    });
  };

  /** The row a write changes, locked until its transaction ends (SQLite runs one write at a time). */
  const locked = (trx: Db, id: number) => {
    const q = trx.selectFrom('notification').selectAll().where('notification_id', '=', id);
    return (dialect === 'postgres' ? q.forUpdate() : q).executeTakeFirstOrThrow();
  };

  /** A stale write's 412, with the notice as it is now. */
  const refuseStale = (v: Viewer, id: number) => async (err: unknown) => {
    if (!(err instanceof StaleVersion)) throw err;
    const now = publicRecord(await find(v, id));
    throw staleRefusal(now, now.updated_at, await lastChange?.('notification', id));
  };

  /** Branch scope: a sender of branch 0 administers every notice, others those of their branch. */
  function scoped(v: Viewer) {
    let q = db.selectFrom('notification');
    if (v.user_branch !== 0) q = q.where('notification.notification_branch', '=', v.user_branch);
    return q;
  }

  async function find(v: Viewer, id: number): Promise<Stored> {
    const row = await scoped(v).selectAll().where('notification_id', '=', id).executeTakeFirst();
    if (!row) throw notFound(`notification ${id}`);
    return row;
  }

  /**
   * `group` and `user` must name existing records (422 per field otherwise). A branch-scoped
   * sender's user is one of their branch: another branch's user does not exist for them, as in the
   * users screens (404 there).
   */
  async function checkTargets(v: Viewer, input: NotificationInput) {
    const errors: Record<string, string> = {};
    if (input.notification_type === 'Group') {
      const g = registry.get('group');
      const found = await dynamic(db)
        .selectFrom(g.table)
        .select(sql.ref(g.idField).as('id'))
        .where(sql.ref(g.idField), '=', input.notification_group)
        .executeTakeFirst();
      if (!found) errors.group = `group refers to an unknown group (id ${input.notification_group})`;
    }
    if (input.notification_type === 'User') {
      let user = db.selectFrom('users').select('user_id').where('user_id', '=', input.notification_user);
      if (v.user_branch !== 0) user = user.where('user_branch', '=', v.user_branch);
      const found = await user.executeTakeFirst();
      if (!found) errors.user = `user refers to an unknown user (id ${input.notification_user})`;
    }
    if (Object.keys(errors).length) throw new ApiError(422, Object.values(errors).join('; '), errors);
  }

  const containsText = (column: string, needle: string) =>
    dialect === 'postgres'
      ? sql<boolean>`strpos(lower(${sql.ref(column)}), lower(${needle})) > 0`
      : sql<boolean>`instr(lower(${sql.ref(column)}), lower(${needle})) > 0`;

  return {
    async list(v: Viewer, q: AdminListQuery): Promise<Page<NotificationRecord>> {
      let base = scoped(v);
      if (q.type) base = base.where('notification_type', '=', q.type);
      if (q.status !== undefined) base = base.where('notification_status', '=', q.status);
      if (q.search) {
        const s = q.search;
        base = base.where((eb) => eb.or([containsText('notification_title', s), containsText('notification_description', s)]));
      }
      const [rows, count] = await Promise.all([
        base
          .selectAll()
          .orderBy('notification_date', 'desc')
          .orderBy('notification_id', 'desc')
          .limit(q.limit)
          .offset((q.page - 1) * q.limit)
          .execute(),
        base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { data: rows.map(publicRecord), total: Number(count.n), page: q.page, limit: q.limit };
    },

    async get(v: Viewer, id: number): Promise<NotificationRecord> {
      return publicRecord(await find(v, id));
    },

    /** Creates a notice from the sender's branch; answers it and whether it is due now. */
    async create(v: Viewer, body: unknown): Promise<NotificationRecord> {
      await loadRichTextSanitizer();
      const input = readNotificationBody(body);
      await checkTargets(v, input);
      const now = stamp();
      const row = await db.transaction().execute(async (trx) => {
        const made = await trx
          .insertInto('notification')
          .values({
            ...input,
            notification_branch: v.user_branch,
            notification_sender: v.user_id,
            notification_delivered_at: null,
            created_at: now,
            updated_at: now,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await audited(trx, v, 'create', undefined, made);
        return made;
      });
      return publicRecord(row);
    },

    /**
     * A change of date, reach or a switch back to active makes the notice pending again, so it
     * is pushed (again) when due; editing only the text of a delivered notice does not re-push.
     */
    async update(v: Viewer, id: number, body: unknown, expectedVersion?: string): Promise<NotificationRecord> {
      const old = await find(v, id);
      await loadRichTextSanitizer();
      const before = publicRecord(old);
      const input = readNotificationBody(body, before);
      await checkTargets(v, input);
      const reachChanged =
        input.notification_date !== old.notification_date ||
        input.notification_type !== old.notification_type ||
        input.notification_group !== old.notification_group ||
        input.notification_user !== old.notification_user;
      const redeliver = input.notification_status === 1 && (old.notification_status !== 1 || reachChanged);
      // Only what this request changes: a simultaneous edit of other fields is kept, not overwritten with what was read.
      const changed = Object.fromEntries(Object.entries(input).filter(([k, value]) => before[k as keyof typeof before] !== value));
      const row = await db
        .transaction()
        .execute(async (trx) => {
          const was = await locked(trx, id);
          assertVersion(expectedVersion, was.updated_at);
          const now = await trx
            .updateTable('notification')
            .set({ ...changed, updated_at: nextVersion(stamp(), was.updated_at), ...(redeliver && { notification_delivered_at: null }) })
            .where('notification_id', '=', id)
            .returningAll()
            .executeTakeFirstOrThrow();
          await audited(trx, v, 'update', was, now);
          return now;
        })
        .catch(refuseStale(v, id));
      return publicRecord(row);
    },

    async remove(v: Viewer, id: number, expectedVersion?: string): Promise<NotificationRecord> {
      const old = await find(v, id);
      await db
        .transaction()
        .execute(async (trx) => {
          if (expectedVersion !== undefined) assertVersion(expectedVersion, (await locked(trx, id)).updated_at);
          await trx.deleteFrom('notification').where('notification_id', '=', id).execute();
          await audited(trx, v, 'delete', old);
        })
        .catch(refuseStale(v, id));
      return publicRecord(old);
    },

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

    /**
     * Claims the due, active, undelivered notices for this instance. Each claim is a conditional
     * UPDATE: when several instances race, the database lets exactly one of them change the row.
     */
    async claimDue(): Promise<Stored[]> {
      const now = nowLocal();
      const due = await db
        .selectFrom('notification')
        .select('notification_id')
        .where('notification_delivered_at', 'is', null)
        .where('notification_status', '=', 1)
        .where('notification_date', '<=', now)
        .orderBy('notification_date')
        .limit(500)
        .execute();
      const claimed: Stored[] = [];
      for (const { notification_id } of due) {
        const row = await db
          .updateTable('notification')
          .set({ notification_delivered_at: stamp() })
          .where('notification_id', '=', notification_id)
          .where('notification_delivered_at', 'is', null)
          .where('notification_status', '=', 1)
          .where('notification_date', '<=', now)
          .returningAll()
          .executeTakeFirst();
        if (row) claimed.push(row);
      }
      return claimed;
    },

    /** The date of the next notice waiting to be pushed, if any. */
    async nextPending(): Promise<string | undefined> {
      const row = await db
        .selectFrom('notification')
        .select((eb) => eb.fn.min('notification_date').as('next'))
        .where('notification_delivered_at', 'is', null)
        .where('notification_status', '=', 1)
        .executeTakeFirst();
      return row?.next ?? undefined;
    },
  };
}
