import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { AppContext, AuthUser } from '../../context';
import { dynamic, type Row } from '../../db/database';
import { ApiError } from '../../http/envelope';
import { inBranchScope } from '../../auth/scope';
import { auditDb } from '../audit/chain';
import { trailOf } from '../audit/trail';
import { sealerFor, openEntries } from '../audit/sealed-values';
import { HELD } from '../../ops/picture-hold';
import { assertNotLastSuperAdmin } from '../users/policy';
import { heldPeople } from './retention';
import { erasedName } from '../../../resources/erasure';
import { personalOf, userAccess, type Field, type ResourceDescriptor } from '../../../resources';

/**
 * Erasure (issue 49 point 3): anonymisation of one person whose record must stay (a doctor's past
 * schedule names them). Through the one write path, their fields classified personal or sensitive
 * are replaced (a name by "Erased person #id", the rest blanked where the field allows; references
 * stay, so the records that name them stay whole); their pictures go, with every earlier picture
 * the trail names (replaced ones a running backup held aside included). A staff account is
 * deactivated, its password made unusable, its sessions ended, its sign-in history's name,
 * address and browser blanked, its second factors and directory links removed. Then the person's
 * data key is destroyed: the personal values the trail sealed with it can no longer be read, and
 * the chain, which covers the sealed text, still verifies. One `erase` entry records it, with no
 * personal value in it.
 */

/** The value a personal field gets on erasure; undefined leaves it as it is (a reference, a required number). */
function erasedValue(f: Field, id: number): unknown {
  switch (f.kind) {
    case 'image':
      return '';
    case 'imageList':
    case 'rows':
      return '[]';
    case 'reference':
      return undefined;
    case 'status':
      return 0;
    case 'text':
      return f.unique ? `erased-${id}` : f.required ? erasedName(id) : '';
    case 'email':
      return f.unique || f.required ? `erased-${id}@erased.invalid` : '';
    case 'longText':
    case 'richText':
      return f.required ? erasedName(id) : '';
    default:
      return f.required ? undefined : null;
  }
}

const isErasable = (f: Field) => ['personal', 'sensitive'].includes(personalOf(f));

/** Every picture path a value of an image field names (a path, or a JSON list of paths). */
function picturesIn(f: Field, value: unknown, into: Set<string>) {
  if (typeof value !== 'string' || !value) return;
  if (f.kind === 'image' && value.startsWith('uploads/')) into.add(value);
  if (f.kind === 'imageList') {
    try {
      const list: unknown = JSON.parse(value);
      if (Array.isArray(list)) for (const p of list) if (typeof p === 'string' && p.startsWith('uploads/')) into.add(p);
    } catch {
      // Not a list: names no picture.
    }
  }
}

export interface ErasureResult {
  resource: string;
  id: number;
  fields: string[];
  pictures: number;
}

export function eraser(ctx: AppContext) {
  const db = ctx.conn.db;
  const trail = trailOf(ctx.conn);

  /** Refuses (nothing changed) when the person may not be erased by this actor; answers their record. */
  async function refusals(actor: AuthUser, d: ResourceDescriptor, id: number): Promise<Row> {
    if (d.describes !== 'people')
      throw new ApiError(422, `A ${d.name} record describes no person: only users, doctors, members and donors can be erased`);
    const record = await dynamic(db).selectFrom(d.table).selectAll().where(sql.ref(d.idField), '=', id).executeTakeFirst();
    if (!record || !inBranchScope(d, actor, record))
      throw new ApiError(404, `No ${d.name} record ${id} in your reach: it does not exist, or belongs to another branch`);
    if (d.name === userAccess.resource && actor.user_id === id) throw new ApiError(409, 'You cannot erase your own account');
    const hold = (await heldPeople(ctx)).find((h) => h.resource === d.name && h.record === id);
    if (hold)
      throw new ApiError(
        409,
        `This person is under a legal hold: their data cannot be erased until the hold is lifted (Settings, Legal holds)`,
      );
    if (d.name === userAccess.resource) await assertNotLastSuperAdmin(db, id, 'erased');
    return record;
  }

  /** Every picture the person's record has had: now, and in the trail's entries about it (opened while the key lives). */
  async function everyPicture(d: ResourceDescriptor, id: number, record: Row): Promise<Set<string>> {
    const images = d.fields.filter((f) => (f.kind === 'image' || f.kind === 'imageList') && isErasable(f));
    const found = new Set<string>();
    for (const f of images) picturesIn(f, record[f.name], found);
    if (!images.length) return found;
    const entries = await openEntries(
      db,
      await auditDb(db).selectFrom('audit_log').selectAll().where('audit_resource', '=', d.name).where('audit_record', '=', id).execute(),
    );
    for (const e of entries) {
      const changes = JSON.parse(e.audit_changes) as Record<string, { before?: unknown; after?: unknown }>;
      const snapshot = (e.audit_snapshot ? JSON.parse(e.audit_snapshot) : {}) as Row;
      for (const f of images) {
        picturesIn(f, changes[f.name]?.before, found);
        picturesIn(f, changes[f.name]?.after, found);
        picturesIn(f, snapshot[f.name], found);
      }
    }
    return found;
  }

  /** Removes a picture from the uploads folder and from the folder a running backup holds replaced pictures in. */
  async function removePicture(stored: string) {
    const rest = stored.slice('uploads/'.length);
    for (const root of [path.join(ctx.config.dataDir, 'uploads'), path.join(ctx.config.dataDir, HELD)]) {
      const abs = path.resolve(root, rest);
      if (abs.startsWith(root + path.sep)) await fs.rm(abs, { force: true });
    }
  }

  /** What the account tables hold about a staff account beside its record. */
  async function eraseAccount(id: number, before: Row) {
    await ctx.sessions.revokeUser(id);
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('login_history')
        .set({ user_login_username: `erased-${id}`, user_login_ip: '', user_login_browser: '' })
        .where('user_login_user', '=', id)
        .execute();
      const names = [before.username, before.user_email].filter((v): v is string => typeof v === 'string' && v !== '');
      const keys = names.flatMap((v) => [v, v.toLowerCase()]);
      if (keys.length) {
        await trx.deleteFrom('login_throttle').where('username_key', 'in', keys).execute();
        await trx.deleteFrom('password_reset_code').where('email_key', 'in', keys).execute();
      }
      await trx.deleteFrom('password_reset_code').where('user_id', '=', id).execute();
      await trx.deleteFrom('password_reset_token').where('user_id', '=', id).execute();
      // The module tables of migrations 010 and 015 (a passkey's name, a directory subject may be an e-mail).
      const owned = dynamic(trx);
      for (const table of ['user_totp', 'user_recovery_code', 'user_passkey', 'second_factor_due', 'directory_identity'])
        await owned.deleteFrom(table).where(sql.ref('user_id'), '=', id).execute();
    });
  }

  return {
    async erase(actor: AuthUser, d: ResourceDescriptor, id: number): Promise<ErasureResult> {
      const record = await refusals(actor, d, id);
      const pictures = await everyPicture(d, id, record);
      const fields: Row = {};
      for (const f of d.fields) {
        if (!isErasable(f)) continue;
        const value = erasedValue(f, id);
        if (value !== undefined) fields[f.name] = value;
      }
      // A staff account can no longer sign in: deactivated (a personal field) and its password unusable.
      const extra = d.name === userAccess.resource ? { password_hash: `erased:${randomBytes(24).toString('base64url')}` } : undefined;
      // The one write path: the resource's policies (the users' self, Super Admin and escalation
      // rules) apply, the search index and list caches follow, and the trail records the change
      // with its values sealed under the key destroyed below.
      await ctx.crud.update(d, id, { fields, files: [] }, { actor, storedValues: true, ...(extra && { extra }) });
      if (d.name === userAccess.resource) await eraseAccount(id, record);
      for (const p of pictures) await removePicture(p);
      // Records imported over keep their earlier values for the import's undo: not this person's any more.
      const batches = (await dynamic(db)
        .selectFrom('import_batch')
        .select(sql.ref<number>('batch_id').as('batch'))
        .where(sql.ref('batch_resource'), '=', d.name)
        .execute()) as { batch: number }[];
      if (batches.length)
        await dynamic(db)
          .deleteFrom('import_item')
          .where(sql.ref('item_record'), '=', id)
          .where(
            sql.ref('item_batch'),
            'in',
            batches.map((b) => b.batch),
          )
          .execute();
      const scope = d.branchScope;
      const erasedFields = Object.keys(fields).sort();
      await db.transaction().execute(async (trx) => {
        await sealerFor(db)?.destroy(trx, d.name, id);
        await trail.record(trx, {
          action: 'erase',
          resource: d.name,
          record: id,
          branch: scope ? Number(record[scope]) : null,
          actor,
          changes: { erased: { fields: erasedFields, pictures: pictures.size } },
        });
      });
      return { resource: d.name, id, fields: erasedFields, pictures: pictures.size };
    },
  };
}
