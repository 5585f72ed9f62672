import type { AppContext, AuthUser } from '../../context';
import type { Row } from '../../db/database';
import { ApiError, notFound } from '../../http/envelope';
import { normaliseFields } from '../../crud/normalise';
import { undeleteStillKept } from '../privacy/retention';
import { permissionSlug, type ResourceDescriptor } from '../../../resources';
import type { AuditLogTable } from './chain';
import { auditQueries } from './queries';
import { writeIntent, type Handle } from './trail';
import { servedBesides } from '../routes-of';
import { isErased } from './sealed-values';

/** Actions after which the entry's snapshot is the record as it then was. */
const VERSIONS = new Set(['create', 'update', 'restore', 'undelete']);

/**
 * Restore and undelete: both write through the generic service with the actor, so every policy
 * of the resource applies, and both are recorded under their own action (see `writeIntent`).
 */
export function restorer(ctx: AppContext) {
  const queries = auditQueries(ctx.conn.db);

  async function entryFor(actor: AuthUser, entryId: number): Promise<{ entry: AuditLogTable; d: ResourceDescriptor; last: Row }> {
    const entry = await queries.entry(actor, entryId);
    if (!entry) throw notFound(`audit entry ${entryId}`);
    const d = ctx.registry.find(entry.audit_resource) ?? servedBesides.find((x) => x.name === entry.audit_resource);
    if (!d || entry.audit_record === null || entry.audit_snapshot === null)
      throw new ApiError(422, `This entry (${entry.audit_action} of ${entry.audit_resource}) cannot be put back from the trail`);
    const last = JSON.parse(entry.audit_snapshot) as Row;
    // A version of an erased person (issue 49): its personal values are gone for good, and must not come back as blanks either.
    if (Object.values(last).some(isErased))
      throw new ApiError(
        422,
        `This ${entry.audit_resource} record's person has been erased: their earlier values cannot be read, restored or undeleted`,
      );
    return { entry, d, last };
  }

  async function assertHolds(actor: AuthUser, slug: string) {
    if (!(await ctx.permissions.slugsFor(actor)).has(slug)) throw new ApiError(403, `You do not have the permission "${slug}"`);
  }

  /** Refuses when the record has an entry newer than the one named (checked again under the trail's lock). */
  const unchangedSince = (resource: string, record: number, latest: number, message: string) => async (on: Handle) => {
    const newest = await queries.newestOf(on, resource, record);
    if (newest && newest.audit_id !== latest) throw new ApiError(409, message, undefined, { latest: newest.audit_id });
  };

  return {
    /** Puts the record's fields back as they were after the entry (pictures stay as they are: replaced files are gone). */
    async restore(actor: AuthUser, entryId: number, latest: number): Promise<Row> {
      const { entry, d, last } = await entryFor(actor, entryId);
      if (!VERSIONS.has(entry.audit_action))
        throw new ApiError(422, `A ${entry.audit_action} entry is no version to restore; undelete a deleted record instead`);
      await assertHolds(actor, permissionSlug(d, 'update'));
      const record = Number(entry.audit_record);
      const check = unchangedSince(
        d.name,
        record,
        latest,
        'This record has changed since its history was loaded; reload the history and choose the version again',
      );
      await check(ctx.conn.db);
      const fields: Row = {};
      for (const f of d.fields) {
        if (f.kind === 'image' || f.kind === 'imageList') continue;
        if (Object.prototype.hasOwnProperty.call(last, f.name)) fields[f.name] = last[f.name];
      }
      const body = { fields: normaliseFields(d, fields), files: [] };
      return writeIntent.run({ action: 'restore', resource: d.name, record, check }, () =>
        ctx.crud.update(d, record, body, { actor, storedValues: true }),
      );
    },

    /** Re-inserts a deleted record with its id and last values. */
    async undelete(actor: AuthUser, entryId: number, bodyOnly: Row): Promise<Row> {
      const { entry, d, last } = await entryFor(actor, entryId);
      if (entry.audit_action !== 'delete')
        throw new ApiError(422, `Only a delete entry can be undone; this one is a ${entry.audit_action}`);
      // The retention page's "deleted records kept for undelete" (issue 49): past it, the record stays deleted.
      const kept = await undeleteStillKept(ctx, entry.audit_at);
      if (!kept.kept)
        throw new ApiError(
          422,
          `This record was deleted more than ${kept.days} days ago: the retention setting no longer keeps it for undelete`,
        );
      await assertHolds(actor, permissionSlug(d, 'create'));
      const record = Number(entry.audit_record);
      const check = unchangedSince(d.name, record, entryId, `This ${d.name} record has been brought back already`);
      await check(ctx.conn.db);
      const extra = Object.fromEntries(Object.entries(bodyOnly).filter(([k]) => (d.bodyOnly ?? []).includes(k)));
      return writeIntent.run({ action: 'undelete', resource: d.name, record, check }, () =>
        ctx.crud.undelete(d, record, last, extra, { actor }),
      );
    },
  };
}
