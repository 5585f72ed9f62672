import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  bulkActionsOf,
  bulkPath,
  bulkSlug,
  type BulkAction,
  type BulkAnswer,
  type BulkRowResult,
  type BulkVersions,
} from '../../../resources/bulk';
import type { ResourceDescriptor } from '../../../resources';
import { requireAnyPermission, signedIn } from '../../plugins/auth';
import { ApiError, success } from '../../http/envelope';
import { strictId } from '../../http/ids';
import { refuseInvalid } from '../../http/validation';
import { DATABASE_UNAVAILABLE, isDatabaseUnavailable } from '../../db/unavailable';
import type { AppContext } from '../../context';
import { expectedVersion as expectedVersionOf } from '../../crud/versions';
import { bulkAnswer, bulkBody } from './schemas';

interface Body {
  action: BulkAction;
  ids: unknown[];
  versions?: BulkVersions;
}

/** The ids as sent, each checked like a path id, without repeats (the first occurrence keeps its place). */
function idsOf(raw: unknown[]): number[] {
  const ids = raw.map(strictId);
  const bad = raw.filter((_, i) => ids[i] === undefined);
  if (bad.length) {
    const message = `ids must be whole numbers from 1 (not ${bad
      .slice(0, 3)
      .map((v) => JSON.stringify(v))
      .join(', ')})`;
    throw new ApiError(422, message, { ids: message });
  }
  return [...new Set(ids as number[])];
}

/**
 * One row through the single-row write path, with the actor: the same policies (users, groups),
 * branch scope and messages as the row's own update or delete request, and the same change events.
 */
function runRow(ctx: AppContext, d: ResourceDescriptor, action: BulkAction, id: number, request: FastifyRequest, version?: string) {
  const actor = signedIn(request);
  // The row's version, as its own request's If-Match: checked in the row's write, under its lock.
  const expectedVersion = version === undefined ? undefined : expectedVersionOf(version);
  // `via`: a resource under a workflow refuses bulk rows (server/modules/approvals).
  if (action === 'delete') return ctx.crud.remove(d, id, { actor, expectedVersion, via: 'bulk' });
  const status = d.statusField;
  if (!status) throw new ApiError(422, `${d.name} records have no status`);
  return ctx.crud.update(
    d,
    id,
    { fields: { [status]: action === 'activate' ? 1 : 0 }, files: [] },
    { actor, expectedVersion, via: 'bulk' },
  );
}

const summary = (done: number, refused: number) => `${done} done, ${refused} refused`;

/**
 * `POST /{prefix}/{entity}-bulk` for every descriptor but singletons: activate, deactivate or
 * delete many rows at once, each checked and written as its own request would be, answering per
 * row what was done and what was refused and why. The route lets in holders of either permission;
 * the action's own one is checked before any row.
 */
export const bulkRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  for (const d of ctx.registry.all) {
    const actions = bulkActionsOf(d);
    if (!actions.length) continue;
    const slugs = [...new Set(actions.map((a) => bulkSlug(d, a)))];
    app.post<{ Body: Body }>(
      bulkPath(d),
      {
        schema: {
          tags: ['bulk'],
          summary: `${actions.join(', ')} many ${d.name} records: each row as its own request would be; the answer says per row what was refused and why`,
          body: bulkBody(d),
          response: bulkAnswer,
        },
        attachValidation: true,
        preHandler: requireAnyPermission(slugs),
      },
      async (request) => {
        refuseInvalid(request);
        const { action } = request.body;
        const ids = idsOf(request.body.ids);
        const slug = bulkSlug(d, action);
        const held = await ctx.permissions.slugsFor(signedIn(request));
        if (!held.has(slug)) throw new ApiError(403, `You do not have the permission "${slug}"`);
        const results: BulkRowResult[] = [];
        let failure: { status: number; message: string } | undefined;
        for (const id of ids) {
          if (failure) {
            results.push({ id, ok: false, status: failure.status, message: `Not attempted: ${failure.message}` });
            continue;
          }
          try {
            await runRow(ctx, d, action, id, request, request.body.versions?.[String(id)]);
            results.push({ id, ok: true });
          } catch (err) {
            if (err instanceof ApiError) {
              // A stale row's refusal keeps its data (the record as it is now), for the console to show what changed.
              const data = err.statusCode === 412 && err.data !== undefined ? { data: err.data } : {};
              results.push({ id, ok: false, status: err.statusCode, message: err.message, ...data });
              continue;
            }
            // Our own fault, not the row's: say so for this row and stop, as the next would likely fail alike.
            request.log.error({ err }, `bulk ${action} of ${d.name} ${id} failed`);
            failure = isDatabaseUnavailable(err)
              ? { status: 503, message: DATABASE_UNAVAILABLE }
              : { status: 500, message: 'Something went wrong!' };
            results.push({ id, ok: false, ...failure });
          }
        }
        const done = results.filter((r) => r.ok).length;
        const answer: BulkAnswer = { done, refused: results.length - done, results };
        return success(summary(answer.done, answer.refused), answer);
      },
    );
  }
};
