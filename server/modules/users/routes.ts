import type {} from '@fastify/swagger';
import type { FastifyPluginAsync } from 'fastify';
import { MAX_LIST_LIMIT, permissionSlug, USER_PERMISSION_SLUG } from '../../../resources';
import { requireAnyPermission, signedIn } from '../../plugins/auth';
import { parseListQuery } from '../../crud/list-query';
import { ApiError, success } from '../../http/envelope';
import { createUsersService } from './service';

/** The signed-in user; the permission guard ran first, so one is always there. */
const viewer = signedIn;

/**
 * What the users screens ask beyond the generated routes (`/users/user-list`, `/users/get-user/{id}`,
 * ... are the one factory's, server/routes/crud.ts, with ./resource-routes.ts): which groups the
 * viewer may give, and which of the listed users the viewer may manage.
 */
export const usersRoutes: FastifyPluginAsync = async (app) => {
  const service = createUsersService(app.ctx);
  const d = service.descriptor;
  const tags = ['users'];

  app.get(
    `/${d.api.prefix}/assignable-groups`,
    {
      schema: { tags, summary: 'Ids of the active groups the viewer may put a user in (none granting more than they hold)' },
      preHandler: requireAnyPermission([permissionSlug(d, 'create'), permissionSlug(d, 'update')]),
    },
    async (request) => {
      const ids = await service.assignableGroups(viewer(request));
      return success(ids.length ? 'Data Found' : 'Data Not Found', ids, ids.length);
    },
  );

  app.get<{ Querystring: { ids?: string } }>(
    `/${d.api.prefix}/manageable`,
    {
      schema: {
        tags,
        summary: 'Of the users named by ids=1,2,3, those the viewer may edit, delete or give permissions (none holding more than they do)',
        querystring: { type: 'object', properties: { ids: { type: 'string' } } },
      },
      preHandler: requireAnyPermission([permissionSlug(d, 'update'), permissionSlug(d, 'delete'), USER_PERMISSION_SLUG]),
    },
    async (request) => {
      const { ids = [] } = parseListQuery(d, { ids: request.query.ids ?? '' });
      if (ids.length > MAX_LIST_LIMIT) throw new ApiError(400, `ids may name at most ${MAX_LIST_LIMIT} users`);
      const allowed = await service.manageable(viewer(request), ids);
      return success(allowed.length ? 'Data Found' : 'Data Not Found', allowed, allowed.length);
    },
  );
};
