import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Row } from '../db/database';
import multipart from '@fastify/multipart';
import { actionPath, actionsOf, lookupSlugs, permissionSlug, takesId, METHOD, type Action, type ResourceDescriptor } from '../../resources';
import { requireListOrLookup, requirePermission } from '../plugins/auth';
import { lookupView } from '../crud/lookups';
import { parseListQuery } from '../crud/list-query';
import { readWriteBody, type WriteBody } from '../crud/body';
import { routeSchema } from '../crud/schemas';
import { ApiError, success } from '../http/envelope';
import { parseIdParam } from '../http/ids';
import { etagOf, expectedVersion, versionOf } from '../crud/versions';
import { schemaRefusal } from '../http/validation';
import { uploadLimitsOf } from '../config';

/**
 * The contract's routes for every descriptor: paths, slugs, messages and schemas all derived
 * from it. Routes validate with `attachValidation`, so that a refusal keeps the contract's
 * messages: the parser (queries) or the descriptor rules (bodies) say what is wrong, field by field.
 */
const parseId = (d: ResourceDescriptor, raw: string): number => parseIdParam(raw, d.name);

const MESSAGES: Record<Action, string> = {
  list: 'Data Found',
  get: 'Data Found',
  create: 'Data Insert Successfully',
  update: 'Data Update Successfully',
  delete: 'Data Delete Successfully',
};

type Request = FastifyRequest<{ Params: { id: string }; Querystring: Record<string, string> }>;

function addRoute(scope: FastifyInstance, d: ResourceDescriptor, action: Action) {
  const { crud, registry } = scope.ctx;

  /** A body the schema refused: the rules' messages for it, else the schema's own (nothing is written). */
  async function refuseBody(request: Request, body: WriteBody, id?: number): Promise<never> {
    const errors = await crud.problems(d, body, id, request.user);
    if (Object.keys(errors).length) throw new ApiError(422, Object.values(errors).join('; '), errors);
    throw schemaRefusal(request.validationError, 422);
  }

  /** A read by id's answer, with the record's version as its ETag. */
  const answerRecord = (reply: FastifyReply, record: Row) => {
    void reply.header('etag', etagOf(versionOf(record)));
    return success(MESSAGES.get, record);
  };

  /**
   * The read by id, the most frequent request, is not an async handler: where the record is read
   * at once (SQLite) the answer is returned at once, and Fastify sends it without waiting on a
   * promise (an async handler and the service's async layers cost three promises per request).
   */
  function readById(request: Request, reply: FastifyReply) {
    if (request.validationError?.validationContext === 'params') throw schemaRefusal(request.validationError, 400);
    const found = crud.getAtOnce(d, parseId(d, request.params.id), request.user);
    return found instanceof Promise ? found.then((record) => answerRecord(reply, record)) : answerRecord(reply, found);
  }

  scope.route<{ Params: { id: string }; Querystring: Record<string, string> }>({
    method: METHOD[action],
    // Lists end with a slash as the contract spells them (either form is served).
    url: actionPath(d, action) + (takesId(action) ? '/:id' : action === 'list' ? '/' : ''),
    schema: routeSchema(registry, d, action, takesId(action)),
    attachValidation: true,
    preHandler:
      action === 'list'
        ? requireListOrLookup(permissionSlug(d, action), lookupSlugs(registry.all, d))
        : requirePermission(permissionSlug(d, action)),
    handler:
      action === 'get'
        ? readById
        : async (request, reply) => {
            if (request.validationError?.validationContext === 'params') throw schemaRefusal(request.validationError, 400);
            switch (action) {
              case 'list': {
                const query = parseListQuery(d, request.query);
                if (request.validationError) throw schemaRefusal(request.validationError, 400);
                const { rows, total } = await crud.list(d, query, request.user);
                return success(rows.length ? MESSAGES.list : 'Data Not Found', request.lookupOnly ? lookupView(d, rows) : rows, total);
              }
              case 'create': {
                const body = await readWriteBody(request, d);
                if (request.validationError) await refuseBody(request, body);
                const record = await crud.create(d, body, { actor: request.user });
                return reply.code(201).send(success(MESSAGES.create, record));
              }
              case 'update': {
                const id = parseId(d, request.params.id);
                const body = await readWriteBody(request, d);
                if (request.validationError) await refuseBody(request, body, id);
                const record = await crud.update(d, id, body, {
                  actor: request.user,
                  expectedVersion: expectedVersion(request.headers['if-match']),
                });
                void reply.header('etag', etagOf(versionOf(record)));
                return success(MESSAGES.update, record);
              }
              case 'delete': {
                const id = parseId(d, request.params.id);
                const record = await crud.remove(d, id, {
                  actor: request.user,
                  expectedVersion: expectedVersion(request.headers['if-match']),
                });
                return success(MESSAGES.delete, record);
              }
            }
          },
  });
}

const WRITES: readonly Action[] = ['create', 'update'];

export const crudRoutes: FastifyPluginAsync = async (app) => {
  const { registry, config } = app.ctx;
  // Descriptors whose routes a feature module writes (users) get none generated here.
  const generated = registry.all.filter((d) => !d.moduleRoutes);
  // Only the routes that take a body parse multipart, so reads skip its per-request hooks.
  await app.register(async (writes) => {
    const limits = uploadLimitsOf(config);
    await writes.register(multipart, {
      limits: {
        fileSize: config.maxImageBytes,
        files: limits.maxFiles,
        fields: limits.maxFields,
        fieldSize: limits.maxFieldBytes,
        parts: limits.maxFields + limits.maxFiles,
      },
      throwFileSizeLimit: true,
    });
    for (const d of generated) for (const action of actionsOf(d)) if (WRITES.includes(action)) addRoute(writes, d, action);
  });
  for (const d of generated) for (const action of actionsOf(d)) if (!WRITES.includes(action)) addRoute(app, d, action);
};
