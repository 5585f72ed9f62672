import type { FastifyPluginAsync } from 'fastify';
import { ACTIONS, actionPath, permissionSlug, takesId, METHOD, type Action, type ResourceDescriptor } from '../../resources';
import { requirePermission } from '../plugins/auth';
import { parseListQuery } from '../crud/list-query';
import { readWriteBody } from '../crud/body';
import { MAX_INT } from '../crud/kinds';
import { success, notFound } from '../crud/envelope';

/** The contract's routes for every descriptor: paths, slugs and messages all derived from it. */
const idParams = {
  type: 'object',
  properties: { id: { type: 'string', maxLength: 20 } },
  required: ['id'],
} as const;

function parseId(d: ResourceDescriptor, raw: string): number {
  const id = Number(raw);
  if (!Number.isSafeInteger(id) || id < 1 || id > MAX_INT) throw notFound(`${d.name} ${raw}`);
  return id;
}

const MESSAGES: Record<Action, string> = {
  list: 'Data Found',
  get: 'Data Found',
  create: 'Data Insert Successfully',
  update: 'Data Update Successfully',
  delete: 'Data Delete Successfully',
};

export const crudRoutes: FastifyPluginAsync = async (app) => {
  const { crud, registry } = app.ctx;
  for (const d of registry.all) {
    for (const action of ACTIONS) {
      const url = actionPath(d, action) + (takesId(action) ? '/:id' : '');
      app.route<{ Params: { id: string }; Querystring: Record<string, string> }>({
        method: METHOD[action],
        url,
        schema: takesId(action) ? { params: idParams } : undefined,
        preHandler: requirePermission(permissionSlug(d, action)),
        handler: async (request, reply) => {
          switch (action) {
            case 'list': {
              const { rows, total } = await crud.list(d, parseListQuery(d, request.query));
              return success(rows.length ? MESSAGES.list : 'Data Not Found', rows, total);
            }
            case 'get':
              return success(MESSAGES.get, await crud.get(d, parseId(d, request.params.id)));
            case 'create': {
              const record = await crud.create(d, await readWriteBody(request));
              return reply.code(201).send(success(MESSAGES.create, record));
            }
            case 'update': {
              const id = parseId(d, request.params.id);
              return success(MESSAGES.update, await crud.update(d, id, await readWriteBody(request)));
            }
            case 'delete':
              return success(MESSAGES.delete, await crud.remove(d, parseId(d, request.params.id)));
          }
        },
      });
    }
  }
};
