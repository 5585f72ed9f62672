import { sql } from 'kysely';
import type { AppContext } from '../../context';
import type { Row } from '../../db/database';
import { scopeOf, type Actor } from '../../crud/service';
import type { WriteBody } from '../../crud/body';
import { normaliseFields } from '../../crud/normalise';
import { ApiError } from '../../http/envelope';
import { staleRefusal } from '../../crud/versions';
import { notification } from '../../../resources';
import { recordOf, type AdminListQuery, type NotificationRecord, type Page } from './service';

/**
 * The notice administration of spec 000 section 6, over the generic service with the actor: its
 * branch scope (the descriptor's `branchScope`), versions, audit trail and record-changed events
 * are the generic path's, its rules the module's policy (policy.ts). What is left here is the
 * spec's shape of the answers: the `notification_*` fields of the record, nothing else.
 */
/** What the generic service's 412 answers in `data`. */
interface StaleData {
  record?: Row;
  version?: string;
  changed_by?: { user_id: number | null; user_name: string };
  changed_at?: string;
  changed_action?: string;
}

export function createNotificationAdmin(ctx: AppContext) {
  const { crud, conn } = ctx;
  const d = notification;
  const db = conn.db;

  /** A 412 answers the notice as it is now in the same shape as every other answer. */
  const shaped = (err: unknown): never => {
    if (!(err instanceof ApiError) || err.statusCode !== 412 || typeof err.data !== 'object' || err.data === null) throw err;
    const data = err.data as StaleData;
    if (!data.record) throw err;
    const changed = data.changed_by && {
      user_id: data.changed_by.user_id,
      user_name: data.changed_by.user_name,
      at: data.changed_at ?? '',
      action: data.changed_action ?? '',
    };
    throw staleRefusal(recordOf(data.record), data.version ?? '', changed);
  };

  const containsText = (column: string, needle: string) =>
    conn.dialect === 'postgres'
      ? sql<boolean>`strpos(lower(${sql.ref(column)}), lower(${needle})) > 0`
      : sql<boolean>`instr(lower(${sql.ref(column)}), lower(${needle})) > 0`;

  return {
    descriptor: d,

    /** A JSON body read once by the descriptor (the spec's short names are its fields' aliases). */
    body(raw: unknown): WriteBody {
      if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new ApiError(400, 'The body must be a JSON object');
      return { fields: normaliseFields(d, raw as Record<string, unknown>), files: [] };
    },

    /**
     * Newest first, filtered by type, status and a substring of the title or description. The
     * rows are those of the actor's branch scope, as the generic service scopes every read.
     */
    async list(actor: Actor, q: AdminListQuery): Promise<Page<NotificationRecord>> {
      const scope = scopeOf(d, actor);
      let base = db.selectFrom('notification');
      if (scope) base = base.where('notification_branch', '=', scope.branch);
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
      return { data: rows.map((r) => recordOf(r)), total: Number(count.n), page: q.page, limit: q.limit };
    },

    async get(actor: Actor, id: number): Promise<NotificationRecord> {
      return recordOf(await crud.get(d, id, actor));
    },

    async create(actor: Actor, body: WriteBody): Promise<NotificationRecord> {
      return recordOf(await crud.create(d, body, { actor }));
    },

    async update(actor: Actor, id: number, body: WriteBody, expectedVersion?: string): Promise<NotificationRecord> {
      return recordOf(await crud.update(d, id, body, { actor, expectedVersion }).catch(shaped));
    },

    /** Answers the notice as it was before it was deleted (spec: the deleted record). */
    async remove(actor: Actor, id: number, expectedVersion?: string): Promise<NotificationRecord> {
      const before = await crud.stored(d, id, actor);
      await crud.remove(d, id, { actor, expectedVersion }).catch(shaped);
      return recordOf(before);
    },
  };
}
