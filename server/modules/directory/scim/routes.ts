import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../../http/envelope';
import { PUBLIC } from '../../../plugins/auth';
import { users as usersDescriptor } from '../../../../resources';
import { scimActor } from './auth';
import { ScimError, scimErrorBody } from './errors';
import { matches, parseFilter } from './filter';
import { applyPatch } from './patch';
import { GROUP_SCHEMA, patchGroupMembers, scimGroups } from './groups';
import { ENTERPRISE, USER_SCHEMA, createScimUser, replaceScimUser, scimRows, toScim } from './users';

const LIST_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
const MAX_COUNT = 200;
const SCIM_TYPE = 'application/scim+json; charset=utf-8';

/**
 * SCIM 2.0 (RFC 7644) under the API base, for the hospital's directory to create, update and
 * deactivate accounts: `/scim/v2/Users` (list with `filter`, `startIndex`, `count`; get; create;
 * replace; PATCH; delete) and `/scim/v2/Groups` (the console's groups: list, get, and PATCH of their
 * members, see ./groups.ts), with `ServiceProviderConfig`. Authenticated by a SCIM bearer token
 * (./auth.ts), not a console session: these routes are left out of the console's OpenAPI document
 * and its session guard, and answer SCIM's own error shape.
 */
export const scimRoutes: FastifyPluginAsync = (app) => {
  const ctx = app.ctx;
  const base = `${ctx.config.apiBase}/scim/v2`;

  app.addContentTypeParser('application/scim+json', { parseAs: 'string', bodyLimit: 1024 * 1024 }, (_req, body, done) => {
    try {
      done(null, body === '' ? undefined : JSON.parse(body as string));
    } catch {
      done(new ScimError(400, 'The body is not valid JSON', 'invalidSyntax'), undefined);
    }
  });

  app.setErrorHandler((err, request, reply) => {
    const e = err as Error & { statusCode?: number; status?: number; scimType?: string };
    let status = e instanceof ScimError ? e.status : e instanceof ApiError ? e.statusCode : (e.statusCode ?? 500);
    let scimType = e instanceof ScimError ? e.scimType : undefined;
    if (e instanceof ApiError && status === 409) scimType = 'uniqueness';
    if (e instanceof ApiError && status === 422) {
      status = 400;
      scimType = 'invalidValue';
    }
    if (status >= 500) request.log.error({ err }, 'SCIM request failed');
    else request.log.warn({ status, detail: e.message }, 'SCIM request refused');
    if (status === 401) void reply.header('www-authenticate', 'Bearer realm="scim"');
    return reply
      .code(status)
      .type(SCIM_TYPE)
      .send(scimErrorBody(status, status >= 500 && !(e instanceof ScimError) ? 'The server could not answer' : e.message, scimType));
  });

  const send = (reply: FastifyReply, status: number, body: unknown) => reply.code(status).type(SCIM_TYPE).send(body);
  const route = { config: { access: PUBLIC }, schema: { hide: true } } as const;
  const idOf = (raw: string) => {
    if (!/^[0-9]{1,9}$/.test(raw)) throw new ScimError(404, `User ${raw.slice(0, 40)} not found`);
    return Number(raw);
  };
  const userLocation = (id: number | string) => `${base}/Users/${id}`;
  const oneUser = async (id: number) => {
    const [row] = await scimRows(ctx, id);
    if (!row) throw new ScimError(404, `User ${id} not found`);
    return toScim(row, userLocation(id));
  };
  const paging = (request: FastifyRequest<{ Querystring: Record<string, string | undefined> }>) => {
    const start = Number(request.query.startIndex ?? 1);
    const count = Number(request.query.count ?? 100);
    if (!Number.isInteger(start) || !Number.isInteger(count))
      throw new ScimError(400, 'startIndex and count must be whole numbers', 'invalidValue');
    return { start: Math.max(1, start), count: Math.min(MAX_COUNT, Math.max(0, count)) };
  };
  const listOf = (all: Record<string, unknown>[], start: number, count: number) => {
    const page = all.slice(start - 1, start - 1 + count);
    return { schemas: [LIST_SCHEMA], totalResults: all.length, startIndex: start, itemsPerPage: page.length, Resources: page };
  };

  app.addHook('preHandler', async (request) => {
    request.scimActor = await scimActor(ctx, request);
  });
  const actorOf = (request: FastifyRequest) => {
    if (!request.scimActor) throw new ScimError(401, 'A SCIM bearer token is required');
    return request.scimActor;
  };

  app.get<{ Querystring: Record<string, string | undefined> }>('/scim/v2/Users', route, async (request, reply) => {
    const { start, count } = paging(request);
    const filter = request.query.filter === undefined ? undefined : parseFilter(request.query.filter);
    const all = (await scimRows(ctx)).map((r) => toScim(r, userLocation(r.user_id))).filter((u) => !filter || matches(filter, u));
    return send(reply, 200, listOf(all, start, count));
  });

  app.get<{ Params: { id: string } }>('/scim/v2/Users/:id', route, async (request, reply) =>
    send(reply, 200, await oneUser(idOf(request.params.id))),
  );

  app.post('/scim/v2/Users', route, async (request, reply) => {
    const id = await createScimUser(ctx, actorOf(request), request.body);
    return send(reply.header('location', userLocation(id)), 201, await oneUser(id));
  });

  app.put<{ Params: { id: string } }>('/scim/v2/Users/:id', route, async (request, reply) => {
    const id = idOf(request.params.id);
    await oneUser(id);
    await replaceScimUser(ctx, actorOf(request), id, request.body);
    return send(reply, 200, await oneUser(id));
  });

  app.patch<{ Params: { id: string } }>('/scim/v2/Users/:id', route, async (request, reply) => {
    const id = idOf(request.params.id);
    const patched = applyPatch(await oneUser(id), request.body);
    await replaceScimUser(ctx, actorOf(request), id, patched);
    return send(reply, 200, await oneUser(id));
  });

  app.delete<{ Params: { id: string } }>('/scim/v2/Users/:id', route, async (request, reply) => {
    const id = idOf(request.params.id);
    await oneUser(id);
    await ctx.crud.remove(ctx.registry.get(usersDescriptor.name), id, { actor: actorOf(request) });
    return reply.code(204).send();
  });

  const withMembers = (request: FastifyRequest<{ Querystring: Record<string, string | undefined> }>) =>
    !(request.query.excludedAttributes ?? '').split(',').some((a) => a.trim().toLowerCase() === 'members');
  const oneGroup = async (raw: string, members = true) => {
    const [g] = /^[0-9]{1,9}$/.test(raw) ? await scimGroups(ctx, base, { id: Number(raw), withMembers: members }) : [];
    if (!g) throw new ScimError(404, `Group ${raw.slice(0, 40)} not found`);
    return g;
  };

  app.get<{ Querystring: Record<string, string | undefined> }>('/scim/v2/Groups', route, async (request, reply) => {
    const { start, count } = paging(request);
    const filter = request.query.filter === undefined ? undefined : parseFilter(request.query.filter);
    // The filter may name members (`members[value eq "7"]`): it sees them even when the answer leaves them out.
    const all = (await scimGroups(ctx, base)).filter((g) => !filter || matches(filter, g));
    const shown = withMembers(request) ? all : all.map(({ members: _members, ...g }) => g);
    return send(reply, 200, listOf(shown, start, count));
  });

  app.get<{ Params: { id: string }; Querystring: Record<string, string | undefined> }>(
    '/scim/v2/Groups/:id',
    route,
    async (request, reply) => send(reply, 200, await oneGroup(request.params.id, withMembers(request))),
  );

  app.patch<{ Params: { id: string } }>('/scim/v2/Groups/:id', route, async (request, reply) => {
    const group = await oneGroup(request.params.id, false);
    await patchGroupMembers(ctx, actorOf(request), Number(group.id), request.body);
    return send(reply, 200, await oneGroup(request.params.id));
  });

  for (const method of ['POST', 'PUT', 'DELETE'] as const)
    app.route({
      method,
      url: method === 'POST' ? '/scim/v2/Groups' : '/scim/v2/Groups/:id',
      ...route,
      handler: () => {
        throw new ScimError(
          400,
          "The console's groups are made, named and removed in the console: SCIM changes their members only (PATCH), or map the directory's groups to them in the directory mapping",
          'mutability',
        );
      },
    });

  app.get('/scim/v2/ServiceProviderConfig', route, async (_request, reply) =>
    send(reply, 200, {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
      patch: { supported: true },
      bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
      filter: { supported: true, maxResults: MAX_COUNT },
      changePassword: { supported: false },
      sort: { supported: false },
      etag: { supported: false },
      authenticationSchemes: [
        { type: 'oauthbearertoken', name: 'Bearer token', description: 'A SCIM token made by an administrator in the console' },
      ],
      meta: { resourceType: 'ServiceProviderConfig', location: `${base}/ServiceProviderConfig` },
      schemasSupported: [USER_SCHEMA, ENTERPRISE, GROUP_SCHEMA],
    }),
  );
  return Promise.resolve();
};

declare module 'fastify' {
  interface FastifyRequest {
    /** The SCIM token's actor (scim/auth.ts), on SCIM routes. */
    scimActor?: import('../../../crud/service').Actor;
  }
}
