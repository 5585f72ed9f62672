import { HttpResponse, http } from 'msw';
import { actionPath, type ResourceDescriptor } from '../../resources';

/** Origin jsdom gives relative URLs; handlers match absolute URLs. */
export const ORIGIN = 'http://localhost:3000';
export const API = '/api';

export const ok = (data: unknown, extra: Record<string, unknown> = {}, status = 200) =>
  HttpResponse.json({ status: 1, message: 'Success', data, ...extra }, { status });

export const fail = (message: string, status = 400, extra: Record<string, unknown> = {}) =>
  HttpResponse.json({ status: 0, message, data: null, ...extra }, { status });

/** Contract URL of an action, as msw path pattern (list with its trailing slash). */
export const path = (d: ResourceDescriptor, action: 'list' | 'get' | 'create' | 'update' | 'delete') =>
  `*${API}${actionPath(d, action)}${action === 'list' ? '/' : action === 'create' ? '' : '/:id'}`;

/**
 * A tiny in-memory implementation of one resource's list and get endpoints, enough for screens:
 * filters by status (all|1|0), paginates with page/limit and answers `total`.
 */
export function listHandlers(d: ResourceDescriptor, rows: Record<string, unknown>[]) {
  return [
    http.get(path(d, 'list'), ({ request }) => {
      const q = new URL(request.url).searchParams;
      const status = q.get('status') ?? 'all';
      let data = status === 'all' ? rows : rows.filter((r) => String(r[d.statusField ?? 'status']) === status);
      const ids = q.get('ids');
      if (ids) data = data.filter((r) => ids.split(',').includes(String(r[d.idField])));
      const page = Number(q.get('page') ?? 1);
      const limit = Number(q.get('limit') ?? 1000);
      return ok(data.slice((page - 1) * limit, page * limit), { total: data.length });
    }),
    http.get(path(d, 'get'), ({ params }) => {
      const row = rows.find((r) => String(r[d.idField]) === params.id);
      return row ? ok(row) : fail('Not found', 404);
    }),
  ];
}

export const allSlugs = (d: ResourceDescriptor) =>
  (['list', 'get', 'create', 'update', 'delete'] as const).map((a) => actionPath(d, a).slice(1));
