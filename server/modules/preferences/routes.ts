import type { FastifyPluginAsync } from 'fastify';
import { requireUser, signedIn } from '../../plugins/auth';
import { success } from '../../http/envelope';
import { parseIdParam } from '../../http/ids';
import { refuseInvalid } from '../../http/validation';
import { preferencesService, type ListColumns, type NewSavedFilter } from './service';
import { idParams, listColumnsBody, resourceQuery, savedFilterBody } from './schemas';

const found = (n: number) => (n ? 'Data Found' : 'Data Not Found');

/**
 * The signed-in user's list preferences, kept on the server so they follow the user to another
 * computer: saved filters (own, or shared with their group) and column choices. Not in the
 * contract; under `/preferences/`, which no contract path uses. Any signed-in user may keep their
 * own; nobody reads or changes another user's.
 */
export const preferencesRoutes: FastifyPluginAsync = async (app) => {
  const service = preferencesService(app.ctx);
  const tags = ['preferences'];

  app.get<{ Querystring: { resource?: string } }>(
    '/preferences/saved-filter-list',
    {
      schema: {
        tags,
        summary: 'My saved filters and those my group’s members shared, for one list or every list',
        querystring: resourceQuery,
      },
      attachValidation: true,
      preHandler: requireUser,
    },
    async (request) => {
      refuseInvalid(request, { status: 400 });
      const rows = await service.savedFilters(signedIn(request), request.query.resource);
      return success(found(rows.length), rows, rows.length);
    },
  );

  app.post<{ Body: NewSavedFilter }>(
    '/preferences/saved-filter-create',
    {
      schema: { tags, summary: 'Save the list’s filter under a name, for me or for my group', body: savedFilterBody },
      attachValidation: true,
      preHandler: requireUser,
    },
    async (request, reply) => {
      refuseInvalid(request);
      const saved = await service.createSavedFilter(signedIn(request), request.body);
      return reply.code(201).send(success('Data Insert Successfully', saved));
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/preferences/saved-filter-delete/:id',
    {
      schema: { tags, summary: 'Delete one of my saved filters (a shared one only by its author)', params: idParams },
      preHandler: requireUser,
    },
    async (request) => {
      const id = parseIdParam(request.params.id, 'saved filter');
      return success('Data Delete Successfully', await service.deleteSavedFilter(signedIn(request), id));
    },
  );

  app.get<{ Querystring: { resource?: string } }>(
    '/preferences/list-columns',
    {
      schema: { tags, summary: 'My column choices (hidden columns, order), for one list or every list', querystring: resourceQuery },
      attachValidation: true,
      preHandler: requireUser,
    },
    async (request) => {
      refuseInvalid(request, { status: 400 });
      const rows = await service.listColumns(signedIn(request), request.query.resource);
      return success(found(rows.length), rows, rows.length);
    },
  );

  app.put<{ Body: Omit<ListColumns, 'ranks'> & { ranks?: number[] | null } }>(
    '/preferences/list-columns-update',
    {
      schema: { tags, summary: 'Keep my column choice for a list', body: listColumnsBody },
      attachValidation: true,
      preHandler: requireUser,
    },
    async (request) => {
      refuseInvalid(request);
      const { resource, hidden, ranks = null } = request.body;
      return success('Data Update Successfully', await service.saveListColumns(signedIn(request), { resource, hidden, ranks }));
    },
  );
};
