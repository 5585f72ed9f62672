import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Row } from '../db/database';
import multipart from '@fastify/multipart';
import {
  actionPath,
  actionsOf,
  lookupSlugs,
  permissionSlug,
  recordActionPath,
  recordActionSlug,
  takesId,
  METHOD,
  type Action,
  type ResourceDescriptor,
} from '../../resources';
import { requireListOrLookup, requirePermission, signedIn } from '../plugins/auth';
import { lookupView } from '../crud/lookups';
import { parseListQuery } from '../crud/list-query';
import { readWriteBody, type WriteBody } from '../crud/body';
import { routeSchema } from '../crud/schemas';
import { ApiError, success } from '../http/envelope';
import { parseIdParam } from '../http/ids';
import { etagOf, expectedVersion, versionOf } from '../crud/versions';
import { failedSchema, refuseInvalid } from '../http/validation';
import { uploadLimitsOf } from '../config';
import { envelopeSchema, errorResponses } from '../http/schemas';
import { idParamsSchema } from '../crud/schemas';
import type { RecordAction, ResourceRoutes } from './resource-routes';

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

function addRoute(scope: FastifyInstance, d: ResourceDescriptor, action: Action, options: ResourceRoutes) {
  const { crud, registry } = scope.ctx;
  const shape = options.shape ?? ((record: Row) => record);

  /** A record as the resource answers it (the module's answer where it declares one). */
  const answerOf = (record: Row, request: FastifyRequest) => (options.answer ? options.answer(record, request) : shape(record));

  /** A stale write's refusal carries the record as it is now, in the resource's own shape. */
  const shapedRefusal = async (err: unknown, request: FastifyRequest): Promise<never> => {
    const reshaped = options.shape ?? options.answer;
    if (reshaped && err instanceof ApiError && err.statusCode === 412 && typeof err.data === 'object' && err.data !== null) {
      // The refusal as the service made it, its record as the resource answers it.
      const data = err.data as { record?: Row };
      if (data.record) data.record = await answerOf(data.record, request);
    }
    throw err;
  };

  /**
   * A body the schema refused: the write's own messages for it (the module's reading of the body,
   * then the descriptor rules), else the schema's refusal; nothing is written.
   */
  async function refuseBody(request: Request, body: WriteBody, id?: number): Promise<void> {
    const errors = await crud.problems(d, body, id, request.user);
    if (Object.keys(errors).length) throw new ApiError(422, Object.values(errors).join('; '), errors);
    refuseInvalid(request);
  }

  /** A read by id's answer, with the record's version as its ETag. */
  const answerRecord = (request: FastifyRequest, reply: FastifyReply, record: Row) => {
    void reply.header('etag', etagOf(versionOf(record)));
    if (options.answer) return options.answer(record, request).then((answer) => success(MESSAGES.get, answer));
    return success(MESSAGES.get, shape(record));
  };

  /**
   * The read by id, the most frequent request, is not an async handler: where the record is read
   * at once (SQLite) the answer is returned at once, and Fastify sends it without waiting on a
   * promise (an async handler and the service's async layers cost three promises per request).
   */
  function readById(request: Request, reply: FastifyReply) {
    refuseInvalid(request, { status: 400, context: 'params' });
    const found = crud.getAtOnce(d, parseId(d, request.params.id), request.user);
    return found instanceof Promise ? found.then((record) => answerRecord(request, reply, record)) : answerRecord(request, reply, found);
  }

  const schema = routeSchema(registry, d, action, takesId(action));
  if (action === 'list' && options.list) {
    schema.response = { ...(schema.response as object), 200: envelopeSchema(options.list.schema, true) };
    const query = schema.querystring as { properties: Record<string, unknown> };
    schema.querystring = { ...query, properties: { ...query.properties, ...options.list.params } };
  }

  scope.route<{ Params: { id: string }; Querystring: Record<string, string> }>({
    method: METHOD[action],
    // Lists end with a slash as the contract spells them (either form is served).
    url: actionPath(d, action) + (takesId(action) ? '/:id' : action === 'list' ? '/' : ''),
    schema,
    attachValidation: true,
    preHandler:
      action === 'list'
        ? requireListOrLookup(permissionSlug(d, action), lookupSlugs(registry.all, d))
        : requirePermission(permissionSlug(d, action)),
    handler:
      action === 'get'
        ? readById
        : async (request, reply) => {
            refuseInvalid(request, { status: 400, context: 'params' });
            switch (action) {
              case 'list': {
                if (options.list) {
                  refuseInvalid(request, { status: 400 });
                  const page = await options.list.read(request, signedIn(request));
                  return success(page.total ? MESSAGES.list : 'Data Not Found', page.data, page.total);
                }
                const query = options.listQuery
                  ? options.listQuery(request.query, signedIn(request), (raw) => parseListQuery(d, raw))
                  : parseListQuery(d, request.query);
                refuseInvalid(request, { status: 400 });
                const { rows, total } = await crud.list(d, query, request.user);
                return success(rows.length ? MESSAGES.list : 'Data Not Found', request.lookupOnly ? lookupView(d, rows) : rows, total);
              }
              case 'create': {
                const body = await readWriteBody(request, d);
                if (failedSchema(request)) await refuseBody(request, body);
                const record = await crud.create(d, body, { actor: request.user });
                return reply.code(201).send(success(MESSAGES.create, await answerOf(record, request)));
              }
              case 'update': {
                const id = parseId(d, request.params.id);
                const body = await readWriteBody(request, d);
                if (failedSchema(request)) await refuseBody(request, body, id);
                const record = await crud
                  .update(d, id, body, {
                    actor: request.user,
                    expectedVersion: expectedVersion(request.headers['if-match']),
                  })
                  .catch((err: unknown) => shapedRefusal(err, request));
                void reply.header('etag', etagOf(versionOf(record)));
                return success(MESSAGES.update, await answerOf(record, request));
              }
              case 'delete': {
                const id = parseId(d, request.params.id);
                const before = options.deleteAnswersRecord ? await crud.stored(d, id, request.user) : undefined;
                const record = await crud
                  .remove(d, id, {
                    actor: request.user,
                    expectedVersion: expectedVersion(request.headers['if-match']),
                  })
                  .catch((err: unknown) => shapedRefusal(err, request));
                return success(MESSAGES.delete, before ? shape(before) : record);
              }
            }
          },
  });
}

/** A module's declared action on one record (ResourceRoutes.actions), under its own slug. */
function addRecordAction(scope: FastifyInstance, d: ResourceDescriptor, action: RecordAction) {
  scope.post<{ Params: { id: string } }>(
    `${recordActionPath(d, action.name)}/:id`,
    {
      schema: {
        tags: [d.menu.group],
        summary: action.summary,
        security: [{ accessToken: [] }],
        params: idParamsSchema,
        ...(action.body && { body: action.body }),
        response: { 200: envelopeSchema(action.answer), ...errorResponses },
      },
      attachValidation: true,
      preHandler: requirePermission(recordActionSlug(d, action.name)),
    },
    async (request) => {
      refuseInvalid(request, { status: 400, context: 'params' });
      const id = parseId(d, request.params.id);
      refuseInvalid(request);
      const done = await action.run(request, id, signedIn(request));
      return success(done.message, done.data);
    },
  );
}

const WRITES: readonly Action[] = ['create', 'update'];

/**
 * `served`: the descriptors to serve besides the registry's (the notices, written through the
 * service without a generated screen); `routes`: what their modules add, by resource name.
 */
export interface CrudRoutesOptions {
  served?: readonly ResourceDescriptor[];
  routes?: ReadonlyMap<string, ResourceRoutes>;
}

export const crudRoutes: FastifyPluginAsync<CrudRoutesOptions> = async (app, opts) => {
  const { registry, config } = app.ctx;
  const generated = [...registry.all, ...(opts.served ?? []).filter((d) => !registry.find(d.name))];
  const optionsOf = (d: ResourceDescriptor): ResourceRoutes => opts.routes?.get(d.name) ?? {};
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
    for (const d of generated) for (const action of actionsOf(d)) if (WRITES.includes(action)) addRoute(writes, d, action, optionsOf(d));
  });
  for (const d of generated) for (const action of actionsOf(d)) if (!WRITES.includes(action)) addRoute(app, d, action, optionsOf(d));
  for (const d of generated) for (const action of optionsOf(d).actions ?? []) addRecordAction(app, d, action);
};
