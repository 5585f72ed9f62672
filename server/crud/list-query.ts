import type { ResourceDescriptor } from '../../resources';
import type { Expression, SqlBool } from 'kysely';
import { ApiError } from '../http/envelope';
import { cleanText, MAX_INT, MAX_LIST_LIMIT } from '../../resources';

/** The rules' part of a list query: rows filtered in SQL, searched only in the fields the actor sees. */
export interface RuledQuery {
  key: string;
  where: readonly Expression<SqlBool>[];
  /** When some searchable field is hidden: the search fields left (a search never matches a hidden value). */
  searchable?: readonly string[];
  /** The fields hidden from the actor: the reader leaves them out of the rows it shapes (read/shape.ts). */
  hidden?: ReadonlySet<string>;
}

/** A list request after checking: every value here is safe to put in a query (as a parameter). */
export interface ListQuery {
  status?: 0 | 1;
  search?: string;
  page: number;
  limit: number;
  sort: string;
  order: 'asc' | 'desc';
  /** Equality filters on fields marked `filter` (and references). */
  filters: Record<string, string | number>;
  ids?: number[];
  /** The actor's field and row rules (record-rules.ts), added by the service, never parsed from a request. */
  ruled?: RuledQuery;
}

const int = (name: string, raw: string, min: number, max = MAX_INT) => {
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) throw new ApiError(400, `${name} must be a whole number from ${min} to ${max}`);
  return n;
};

export function parseListQuery(d: ResourceDescriptor, raw: Record<string, unknown>): ListQuery {
  const str = (k: string) => {
    const v = raw[k];
    return typeof v === 'string' ? v.trim() : undefined;
  };
  const q: ListQuery = { page: 1, limit: MAX_LIST_LIMIT, sort: d.idField, order: 'desc', filters: {} };
  const status = str('status');
  if (status && status !== 'all') {
    if (status !== '1' && status !== '0') throw new ApiError(400, 'status must be all, 1 or 0');
    q.status = status === '1' ? 1 : 0;
  }
  const search = str('search') ?? str('q');
  if (search) q.search = cleanText(search).slice(0, 200);
  const page = str('page');
  if (page) q.page = int('page', page, 1);
  const limit = str('limit');
  if (limit) q.limit = int('limit', limit, 1, MAX_LIST_LIMIT);
  const sort = str('sort');
  if (sort) {
    const sortable = sort === d.idField || d.fields.some((f) => f.name === sort && f.kind !== 'rows' && f.kind !== 'imageList');
    if (!sortable) throw new ApiError(400, `cannot sort by ${sort}`);
    q.sort = sort;
  }
  const order = str('order')?.toLowerCase();
  if (order) {
    if (order !== 'asc' && order !== 'desc') throw new ApiError(400, 'order must be ASC or DESC');
    q.order = order;
  }
  const ids = str('ids');
  if (ids) q.ids = ids.split(',').map((s) => int('ids', s, 1));
  for (const f of d.fields) {
    const v = str(f.name);
    if (!v || !(f.filter || f.kind === 'reference') || v === 'all') continue;
    q.filters[f.name] = f.kind === 'reference' || f.kind === 'integer' || f.kind === 'status' ? int(f.name, v, 0) : v;
  }
  return q;
}
