import { sql } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { ResourceRoutes } from '../../routes/resource-routes';
import type { Row } from '../../db/database';
import type { Actor } from '../../crud/service';
import { scopeOf } from '../../auth/scope';
import { ApiError } from '../../http/envelope';
import { notification } from '../../../resources';
import { NOTIFICATION_TYPES } from './payload';
import { recordOf, type Page, type NotificationRecord } from './service';

const PAGE_MAX = 2_147_483_647;
const LIMIT_MAX = 1000;

/** A whole number from a query value within bounds, its default when absent, else a 400 naming it. */
function whole(raw: string | undefined, name: string, fallback: number, max: number): number {
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw.trim());
  if (!Number.isFinite(n)) throw new ApiError(400, `${name} must be a finite number`);
  if (!/^[0-9]+$/.test(raw.trim()) || n < 1 || n > max) throw new ApiError(400, `${name} must be a whole number from 1 to ${max}`);
  return n;
}

/** One notice as the spec's admin answers show it. */
const record = {
  type: 'object',
  properties: {
    notification_id: { type: 'integer' },
    notification_date: { type: 'string' },
    notification_title: { type: 'string' },
    notification_description: { type: 'string' },
    notification_type: { type: 'string', enum: [...NOTIFICATION_TYPES] },
    notification_user: { type: 'integer' },
    notification_group: { type: 'integer' },
    notification_status: { type: 'integer' },
    notification_expire_at: { type: ['string', 'null'] },
    updated_at: { type: 'string' },
  },
} as const;

/**
 * The notices' admin list of spec 000 section 6 ("list is in data.data"): newest first, filtered
 * by type, status and a substring of the title or description, within the actor's branch scope.
 */
async function readPage(request: FastifyRequest, actor: Actor): Promise<{ data: Page<NotificationRecord>; total: number }> {
  const { conn } = request.server.ctx;
  const raw = request.query as Record<string, string | undefined>;
  const page = whole(raw.page, 'page', 1, PAGE_MAX);
  const limit = whole(raw.limit, 'limit', 50, LIMIT_MAX);
  const typeAsked = raw.type?.trim();
  const type = typeAsked && typeAsked !== 'all' ? NOTIFICATION_TYPES.find((t) => t === typeAsked) : undefined;
  if (typeAsked && typeAsked !== 'all' && !type)
    throw new ApiError(400, `Type must be one of: ${['all', ...NOTIFICATION_TYPES].join(', ')}`);
  const statusAsked = raw.status?.trim();
  if (statusAsked && !['all', '1', '0'].includes(statusAsked)) throw new ApiError(400, 'status must be all, 1 or 0');
  const search = raw.search?.trim().slice(0, 200);
  const contains = (column: string, needle: string) =>
    conn.dialect === 'postgres'
      ? sql<boolean>`strpos(lower(${sql.ref(column)}), lower(${needle})) > 0`
      : sql<boolean>`instr(lower(${sql.ref(column)}), lower(${needle})) > 0`;
  const scope = scopeOf(notification, actor);
  let base = conn.db.selectFrom('notification');
  if (scope) base = base.where('notification_branch', '=', scope.branch);
  if (type) base = base.where('notification_type', '=', type);
  if (statusAsked === '1' || statusAsked === '0') base = base.where('notification_status', '=', Number(statusAsked));
  if (search) base = base.where((eb) => eb.or([contains('notification_title', search), contains('notification_description', search)]));
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('notification_date', 'desc')
      .orderBy('notification_id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const total = Number(count.n);
  return { data: { data: rows.map((r) => recordOf(r)), total, page, limit }, total };
}

/** What the notices' generated routes add: the spec's list page, the record's shape, a delete answering the notice. */
export const notificationRoutes: ResourceRoutes = {
  list: {
    schema: {
      type: 'object',
      description: 'the page: data.data holds the notices, newest first',
      properties: {
        data: { type: 'array', items: record },
        total: { type: 'integer' },
        page: { type: 'integer' },
        limit: { type: 'integer' },
      },
    },
    params: {
      page: { type: 'string', description: 'page number, from 1 (default 1)' },
      limit: { type: 'string', description: `rows per page, 1 to ${LIMIT_MAX} (default 50)` },
      type: { type: 'string', enum: ['all', ...NOTIFICATION_TYPES], description: 'all (default) or one type' },
    },
    read: readPage,
  },
  shape: (row: Row) => ({ ...recordOf(row) }),
  deleteAnswersRecord: true,
};
