import type { Generated, Selectable } from 'kysely';
import type { AppContext, AuthUser } from '../../context';
import { ApiError, notFound } from '../../http/envelope';
import { isUniqueViolation } from '../../db/errors';
import { MAX_FILTER_JSON } from './schemas';

/** The tables of migration 007, typed here: only this module reads them. */
interface SavedFilterTable {
  saved_filter_id: Generated<number>;
  user_id: number;
  group_id: number | null;
  resource: string;
  name: string;
  filter: string;
  created_at: string;
}
interface ListColumnsTable {
  user_id: number;
  resource: string;
  hidden: string;
  ranks: string | null;
  updated_at: string;
}

/** A saved filter as the console receives it. */
export interface SavedFilter {
  saved_filter_id: number;
  resource: string;
  name: string;
  filter: Record<string, unknown>;
  shared: boolean;
  /** Whether the viewer wrote it (only the author may delete it). */
  mine: boolean;
  author: string;
  created_at: string;
}

export interface ListColumns {
  resource: string;
  hidden: string[];
  ranks: number[] | null;
}

export interface NewSavedFilter {
  resource: string;
  name: string;
  filter: Record<string, unknown>;
  shared?: boolean;
}

const parseObject = (text: string): Record<string, unknown> => {
  const value: unknown = JSON.parse(text);
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
};

/**
 * What list screens keep for their user on the server: saved filters (the user's own and those
 * their group's members shared) and column choices. Everything is the signed-in user's: nobody
 * reads or changes another user's, and a shared filter is deleted only by its author.
 */
export function preferencesService(ctx: AppContext) {
  const db = ctx.conn.db.withTables<{ saved_filter: SavedFilterTable; list_columns: ListColumnsTable }>();

  /** 422 unless `resource` names a list screen. */
  function checkResource(resource: string) {
    const d = ctx.registry.find(resource);
    if (!d || d.singleton) throw new ApiError(422, `resource: "${resource}" is not a list`, { resource: 'is not a list' });
  }

  const toSavedFilter = (viewer: AuthUser, row: Selectable<SavedFilterTable> & { author: string | null }): SavedFilter => ({
    saved_filter_id: row.saved_filter_id,
    resource: row.resource,
    name: row.name,
    filter: parseObject(row.filter),
    shared: row.group_id !== null,
    mine: row.user_id === viewer.user_id,
    author: row.author ?? '',
    created_at: row.created_at,
  });

  return {
    /** The viewer's own saved filters and those shared with their group, by name. */
    async savedFilters(viewer: AuthUser, resource?: string): Promise<SavedFilter[]> {
      if (resource !== undefined) checkResource(resource);
      let q = db
        .selectFrom('saved_filter')
        .leftJoin('users', 'users.user_id', 'saved_filter.user_id')
        .selectAll('saved_filter')
        .select('users.user_name as author')
        .where((eb) => eb.or([eb('saved_filter.user_id', '=', viewer.user_id), eb('saved_filter.group_id', '=', viewer.user_group)]));
      if (resource !== undefined) q = q.where('saved_filter.resource', '=', resource);
      const rows = await q.orderBy('saved_filter.name').orderBy('saved_filter.saved_filter_id').execute();
      return rows.map((r) => toSavedFilter(viewer, r));
    },

    async createSavedFilter(viewer: AuthUser, input: NewSavedFilter): Promise<SavedFilter> {
      checkResource(input.resource);
      const name = input.name.trim();
      if (!name) throw new ApiError(422, 'name: give the filter a name', { name: 'is required' });
      const filter = JSON.stringify(input.filter);
      if (filter.length > MAX_FILTER_JSON)
        throw new ApiError(422, `filter: at most ${MAX_FILTER_JSON} characters of JSON`, { filter: 'is too large' });
      const row = {
        user_id: viewer.user_id,
        group_id: input.shared === true ? viewer.user_group : null,
        resource: input.resource,
        name,
        filter,
        created_at: new Date().toISOString(),
      };
      try {
        const { saved_filter_id } = await db.insertInto('saved_filter').values(row).returning('saved_filter_id').executeTakeFirstOrThrow();
        const author = await db.selectFrom('users').select('user_name').where('user_id', '=', viewer.user_id).executeTakeFirst();
        return toSavedFilter(viewer, { ...row, saved_filter_id, author: author?.user_name ?? '' });
      } catch (err) {
        if (isUniqueViolation(err, 'name'))
          throw new ApiError(409, `You already have a filter named "${name}" on this list`, { name: 'already exists' });
        throw err;
      }
    },

    /** Deletes the viewer's own saved filter: 404 for one they cannot see, 403 for one shared with them by another. */
    async deleteSavedFilter(viewer: AuthUser, id: number): Promise<{ saved_filter_id: number }> {
      const row = await db.selectFrom('saved_filter').selectAll().where('saved_filter_id', '=', id).executeTakeFirst();
      const visible = row && (row.user_id === viewer.user_id || (row.group_id !== null && row.group_id === viewer.user_group));
      if (!row || !visible) throw notFound(`saved filter ${id}`);
      if (row.user_id !== viewer.user_id) throw new ApiError(403, 'Only its author can delete a shared filter');
      await db.deleteFrom('saved_filter').where('saved_filter_id', '=', id).where('user_id', '=', viewer.user_id).execute();
      return { saved_filter_id: id };
    },

    async listColumns(viewer: AuthUser, resource?: string): Promise<ListColumns[]> {
      if (resource !== undefined) checkResource(resource);
      let q = db.selectFrom('list_columns').selectAll().where('user_id', '=', viewer.user_id);
      if (resource !== undefined) q = q.where('resource', '=', resource);
      const rows = await q.orderBy('resource').execute();
      return rows.map((r) => ({
        resource: r.resource,
        hidden: JSON.parse(r.hidden) as string[],
        ranks: r.ranks === null ? null : (JSON.parse(r.ranks) as number[]),
      }));
    },

    async saveListColumns(viewer: AuthUser, input: ListColumns): Promise<ListColumns> {
      checkResource(input.resource);
      const values = {
        hidden: JSON.stringify([...new Set(input.hidden)]),
        ranks: input.ranks === null ? null : JSON.stringify(input.ranks),
        updated_at: new Date().toISOString(),
      };
      await db
        .insertInto('list_columns')
        .values({ user_id: viewer.user_id, resource: input.resource, ...values })
        .onConflict((oc) => oc.columns(['user_id', 'resource']).doUpdateSet(values))
        .execute();
      return { resource: input.resource, hidden: [...new Set(input.hidden)], ranks: input.ranks };
    },
  };
}
