import type { FastifyPluginAsync } from 'fastify';
import { sql, type Expression, type SqlBool } from 'kysely';
import { nowIn, type ResourceDescriptor, type Scheduled } from '../../../resources';
import { parseListQuery, type ListQuery } from '../../crud/list-query';
import { routeSchema } from '../../crud/schemas';
import { success } from '../../http/envelope';
import { refuseInvalid } from '../../http/validation';
import { PUBLIC } from '../../plugins/auth';

/** The path of a scheduled resource's public list: `/public/<resource>` (e.g. `/public/blog-photos`). */
export const publicPath = (d: ResourceDescriptor) => `/public/${d.name}`;

/**
 * The public website's reads (issue 48): spec 001 shows only the staff's screens ("end-customer
 * use is not shown"), so the site's own API is ours. One list per website resource that declares
 * `scheduled`, without a session: the generic list (paging, search, sort, filters) of the records
 * that are live now, i.e. active, their publish-at come or empty, their expire-at not come or
 * empty. The window is a condition of the list query itself, evaluated at the read, so a record
 * goes live and comes down on the second of its dates, whatever the scheduler's timing.
 */
export function liveNow(s: Pick<Scheduled, 'publishAt' | 'expireAt'>, now: string): Expression<SqlBool> {
  const from = sql.ref(`t.${s.publishAt}`);
  const until = sql.ref(`t.${s.expireAt}`);
  return sql<SqlBool>`(${from} is null or ${from} = '' or ${from} <= ${now}) and (${until} is null or ${until} = '' or ${until} > ${now})`;
}

export const publicRoutes: FastifyPluginAsync = async (app) => {
  const { crud, registry, timeZone } = app.ctx;
  for (const d of registry.all) {
    const s = d.scheduled;
    if (!s) continue;
    const schema = routeSchema(registry, d, 'list', false);
    app.get<{ Querystring: Record<string, string> }>(
      publicPath(d),
      {
        config: { access: PUBLIC },
        schema: { ...schema, tags: ['public'], summary: `The live ${d.name} records, for the public website`, security: [] },
        attachValidation: true,
      },
      async (request) => {
        refuseInvalid(request, { status: 400, context: 'querystring' });
        const now = nowIn(timeZone);
        const asked = parseListQuery(d, request.query);
        // Active only, whatever was asked; the window by the clock of this read (the cache key
        // names the second, so a kept total never outlives the window it was counted in).
        const q: ListQuery = { ...asked, status: 1, ruled: { key: `live ${now}`, where: [liveNow(s, now)] } };
        const { rows, total } = await crud.list(d, q);
        return success(rows.length ? 'Data Found' : 'Data Not Found', rows, total);
      },
    );
  }
};
