import type {} from '@fastify/swagger';
import type { FastifyPluginAsync } from 'fastify';
import multipart from '@fastify/multipart';
import { actionPath, lookupSlugs, MAX_LIST_LIMIT, permissionSlug, USER_PERMISSION_SLUG, type Action } from '../../../resources';
import { requireAnyPermission, requireListOrLookup, requirePermission, signedIn } from '../../plugins/auth';
import { lookupView } from '../../crud/lookups';
import { parseListQuery } from '../../crud/list-query';
import { readWriteBody } from '../../crud/body';
import { ApiError, success } from '../../http/envelope';
import { parseIdParam } from '../../http/ids';
import { etagOf, expectedVersion, versionOf } from '../../crud/versions';
import { createUsersService } from './service';
import { uploadLimitsOf } from '../../config';
import { deleteAnswer, idParams, listAnswer, listQuery, oneUserAnswer, writeBody } from './schemas';

/** The signed-in user; the permission guard ran first, so one is always there. */
const viewer = signedIn;

const parseId = (raw: string) => parseIdParam(raw, 'user');
/** The write body as JSON or multipart, for the document: the service checks every field itself. */
const writeBodies = { content: { 'application/json': { schema: writeBody }, 'multipart/form-data': { schema: writeBody } } };

/**
 * The users routes of spec 000 (`/users/user-list`, `/users/get-user/{id}`, ...): paths and slugs
 * derived from the users descriptor like every generated route, handlers from the users service.
 */
export const usersRoutes: FastifyPluginAsync = async (app) => {
  const service = createUsersService(app.ctx);
  const d = service.descriptor;
  const path = (action: Action) => actionPath(d, action);
  const guard = (action: Action) => requirePermission(permissionSlug(d, action));
  const tags = ['users'];
  const limits = uploadLimitsOf(app.ctx.config);
  await app.register(multipart, {
    limits: {
      fileSize: app.ctx.config.maxImageBytes,
      files: 1,
      fields: limits.maxFields,
      fieldSize: limits.maxFieldBytes,
      parts: limits.maxFields + 1,
    },
    throwFileSizeLimit: true,
  });

  app.get<{ Querystring: Record<string, string> }>(
    path('list'),
    {
      schema: {
        tags,
        summary: 'Users of the viewer’s branch (or any branch for branch-0 viewers)',
        querystring: listQuery,
        response: listAnswer,
      },
      // The notification form picks a user (the descriptor's `lookupBy`).
      preHandler: requireListOrLookup(permissionSlug(d, 'list'), lookupSlugs(app.ctx.registry.all, d)),
    },
    async (request) => {
      const { branch, user_branch, group, ...rest } = request.query;
      const q = parseListQuery(d, { ...rest, ...(group !== undefined ? { user_group: group } : {}) });
      const { rows, total } = await service.list(viewer(request), q, branch ?? user_branch);
      return success(rows.length ? 'Data Found' : 'Data Not Found', request.lookupOnly ? lookupView(d, rows) : rows, total);
    },
  );

  app.get<{ Params: { id: string } }>(
    `${path('get')}/:id`,
    {
      schema: {
        tags,
        summary: 'One user, with nested branch, group, designation and department',
        params: idParams,
        response: oneUserAnswer,
      },
      preHandler: guard('get'),
    },
    async (request, reply) => {
      const record = await service.get(viewer(request), parseId(request.params.id));
      void reply.header('etag', etagOf(versionOf(record)));
      return success('Data Found', record);
    },
  );

  app.post(
    path('create'),
    {
      schema: { tags, summary: 'Create a user (password and c_password required)', response: oneUserAnswer },
      config: { documentedBody: writeBodies },
      preHandler: guard('create'),
    },
    async (request, reply) => {
      const record = await service.create(viewer(request), await readWriteBody(request, d));
      return reply.code(201).send(success('Data Insert Successfully', record));
    },
  );

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

  app.put<{ Params: { id: string } }>(
    `${path('update')}/:id`,
    {
      schema: { tags, summary: 'Update a user (an empty password keeps the old one)', params: idParams, response: oneUserAnswer },
      config: { documentedBody: writeBodies },
      preHandler: guard('update'),
    },
    async (request) => {
      const id = parseId(request.params.id);
      const body = await readWriteBody(request, d);
      return success(
        'Data Update Successfully',
        await service.update(viewer(request), id, body, expectedVersion(request.headers['if-match'])),
      );
    },
  );

  app.delete<{ Params: { id: string } }>(
    `${path('delete')}/:id`,
    {
      schema: { tags, summary: 'Delete a user (never oneself nor the last active Super Admin)', params: idParams, response: deleteAnswer },
      preHandler: guard('delete'),
    },
    async (request) =>
      success(
        'Data Delete Successfully',
        await service.remove(viewer(request), parseId(request.params.id), expectedVersion(request.headers['if-match'])),
      ),
  );
};
