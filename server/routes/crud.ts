import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import multipart from '@fastify/multipart';
import { actionPath, actionsOf, permissionSlug, takesId, METHOD, type Action, type ResourceDescriptor } from '../../resources';
import { requirePermission } from '../plugins/auth';
import { parseListQuery } from '../crud/list-query';
import { readWriteBody } from '../crud/body';
import { MAX_INT } from '../crud/kinds';
import { success, notFound } from '../http/envelope';

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

function addRoute(scope: FastifyInstance, d: ResourceDescriptor, action: Action) {
  const { crud } = scope.ctx;
  scope.route<{ Params: { id: string }; Querystring: Record<string, string> }>({
    method: METHOD[action],
    url: actionPath(d, action) + (takesId(action) ? '/:id' : ''),
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
          scope.ctx.events.emit('record-changed', { resource: d.name, ids: [Number(record[d.idField])], action });
          return reply.code(201).send(success(MESSAGES.create, record));
        }
        case 'update': {
          const id = parseId(d, request.params.id);
          const record = await crud.update(d, id, await readWriteBody(request));
          scope.ctx.events.emit('record-changed', { resource: d.name, ids: [id], action });
          return success(MESSAGES.update, record);
        }
        case 'delete': {
          const id = parseId(d, request.params.id);
          const record = await crud.remove(d, id);
          scope.ctx.events.emit('record-changed', { resource: d.name, ids: [id], action });
          return success(MESSAGES.delete, record);
        }
      }
    },
  });
}

const WRITES: readonly Action[] = ['create', 'update'];

export const crudRoutes: FastifyPluginAsync = async (app) => {
  const { registry, config } = app.ctx;
  // Only the routes that take a body parse multipart, so reads skip its per-request hooks.
  await app.register(async (writes) => {
    await writes.register(multipart, {
      limits: { fileSize: config.maxImageBytes, files: 20, fields: 200, fieldSize: 1024 * 1024, parts: 240 },
      throwFileSizeLimit: true,
    });
    for (const d of registry.all) for (const action of actionsOf(d)) if (WRITES.includes(action)) addRoute(writes, d, action);
  });
  for (const d of registry.all) for (const action of actionsOf(d)) if (!WRITES.includes(action)) addRoute(app, d, action);
};
