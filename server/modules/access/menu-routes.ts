import type { FastifyRequest } from 'fastify';
import type { ResourceRoutes } from '../../routes/resource-routes';
import type { Row } from '../../db/database';
import { groupReader } from './groups';
import { menuReader, type MenuReader } from './menu-read';
import { menuFilters } from './schemas';

const any = (description: string) => ({ type: 'string', maxLength: 200, description }) as const;

/** The menu reader of the request's app (one per app: tests run several). */
const readers = new WeakMap<object, MenuReader>();
function readerOf(request: FastifyRequest): MenuReader {
  const { ctx } = request.server;
  let reader = readers.get(ctx);
  if (!reader) readers.set(ctx, (reader = menuReader(ctx.conn.db, groupReader(ctx.conn.db, ctx.registry))));
  return reader;
}

/**
 * What the menus' generated routes add (spec 000 section 7): the list's own filters and its tree
 * (`main_menu=0` answers the top-level menus with their children in `menus`), and a menu answered
 * with its groups, its direct children and its version.
 */
export const menuRoutes: ResourceRoutes = {
  list: {
    schema: { type: 'array', items: { type: 'object', additionalProperties: true } },
    params: {
      api_method: any('get|post|put|patch|delete|all'),
      menu_slug: any('a slug or all'),
      main_menu: any('parent id (0 = top level, as a tree) or all (flat)'),
      sub_menu: any('Yes|No|all'),
      group: any('group id or all: menus granted to that group'),
      visible_status: any('1|0|all'),
      status: any('1|0|all'),
      search: any('text in the name or slug'),
    },
    async read(request) {
      const list = await readerOf(request).list(menuFilters(request.query as Record<string, string | undefined>));
      return { data: list, total: list.length };
    },
  },
  answer: async (record: Row, request: FastifyRequest) => ({ ...(await readerOf(request).get(Number(record.menu_id))) }),
};
