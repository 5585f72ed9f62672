import type { AppContext } from '../../../context';
import type { Actor } from '../../../crud/service';
import { ApiError } from '../../../http/envelope';
import { normaliseFields } from '../../../crud/normalise';
import { users as usersDescriptor } from '../../../../resources';
import { directoryConfig } from '../accounts';
import { claimValues, placementOf, placementOrRefuse } from '../mapping';
import { directoryDb } from '../tables';
import { ScimError } from './errors';
import { randomBytes } from 'node:crypto';
import { dynamic } from '../../../db/database';
import { notedActor, type GroupOrigin } from '../placement-note';

/**
 * Console users as SCIM Users (RFC 7643 section 4.1) and back. `userName` is the username,
 * `displayName` (or `name.formatted`, or given and family names) the name, the primary e-mail and
 * phone number, `active` the status, `groups` the console group (read only). A create or a change
 * of `roles` or of the enterprise extension's `department` and `division` places the person
 * through the mapping (source `scim`), as a directory sign-in does. Every write goes through the
 * users' one write path, with the token maker as the actor.
 */
export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);
const field = (o: Json, name: string): unknown => o[Object.keys(o).find((k) => k.toLowerCase() === name.toLowerCase()) ?? name];

export interface ScimRow {
  user_id: number;
  username: string;
  user_name: string;
  user_email: string;
  user_phone: string;
  user_status: number;
  user_group: number;
  group_name: string | null;
  external_id: string | null;
  created_at: string;
  updated_at: string;
}

export function scimRows(ctx: AppContext, id?: number) {
  let q = dynamic(ctx.conn.db)
    .selectFrom('users as u')
    .leftJoin('user_group as g', 'g.group_id', 'u.user_group')
    .leftJoin('directory_identity as i', (join) => join.onRef('i.user_id', '=', 'u.user_id').on('i.provider', '=', 'scim'))
    .select([
      'u.user_id',
      'u.username',
      'u.user_name',
      'u.user_email',
      'u.user_phone',
      'u.user_status',
      'u.user_group',
      'g.group_name',
      'i.subject as external_id',
      'u.created_at',
      'u.updated_at',
    ])
    .orderBy('u.user_id');
  if (id !== undefined) q = q.where('u.user_id', '=', id);
  return q.execute() as Promise<ScimRow[]>;
}

const iso = (at: string) => {
  const t = Date.parse(at);
  return Number.isFinite(t) ? new Date(t).toISOString() : at;
};

export function toScim(row: ScimRow, location: string): Json {
  return {
    schemas: [USER_SCHEMA],
    id: String(row.user_id),
    ...(row.external_id && { externalId: row.external_id }),
    userName: row.username,
    name: { formatted: row.user_name },
    displayName: row.user_name,
    active: row.user_status === 1,
    emails: row.user_email ? [{ value: row.user_email, type: 'work', primary: true }] : [],
    phoneNumbers: row.user_phone ? [{ value: row.user_phone, type: 'work' }] : [],
    groups: row.group_name ? [{ value: String(row.user_group), display: row.group_name }] : [],
    meta: { resourceType: 'User', created: iso(row.created_at), lastModified: iso(row.updated_at), location },
  };
}

const invalidValue = (what: string) => new ScimError(400, what, 'invalidValue');

function text(v: unknown, name: string, max: number, required = false): string | undefined {
  if (v === undefined || v === null) {
    if (required) throw invalidValue(`${name} is required`);
    return undefined;
  }
  if (typeof v !== 'string') throw invalidValue(`${name} must be text`);
  const t = v.trim();
  if (required && !t) throw invalidValue(`${name} is required`);
  if (t.length > max) throw invalidValue(`${name} must be at most ${max} characters`);
  return t;
}

function primary(list: unknown, name: string): string | undefined {
  if (list === undefined || list === null) return undefined;
  if (!Array.isArray(list)) throw invalidValue(`${name} must be a list`);
  const items = (list as unknown[]).filter(isObject);
  const chosen = items.find((e) => e.primary === true) ?? items[0];
  return chosen ? (text(chosen.value, `${name}.value`, 150) ?? '') : '';
}

function active(v: unknown): boolean | undefined {
  if (v === undefined) return undefined;
  // Some directories (Entra ID) send the boolean as text.
  if (v === true || v === 'true' || v === 'True') return true;
  if (v === false || v === 'false' || v === 'False') return false;
  throw invalidValue('active must be true or false');
}

/** What a SCIM User asks of the console's fields, and the values it gives the mapping. */
export function fromScim(resource: unknown) {
  if (!isObject(resource)) throw new ScimError(400, 'The body must be a SCIM User object', 'invalidSyntax');
  const schemas = resource.schemas;
  if (!Array.isArray(schemas) || !schemas.includes(USER_SCHEMA))
    throw new ScimError(400, `"schemas" must list ${USER_SCHEMA}`, 'invalidSyntax');
  const name = field(resource, 'name');
  const nameObj = isObject(name) ? name : {};
  const given = text(field(nameObj, 'givenName'), 'name.givenName', 75) ?? '';
  const family = text(field(nameObj, 'familyName'), 'name.familyName', 75) ?? '';
  const displayName =
    (text(field(resource, 'displayName'), 'displayName', 150) ?? '') ||
    (text(field(nameObj, 'formatted'), 'name.formatted', 150) ?? '') ||
    `${given} ${family}`.trim();
  const enterprise = field(resource, ENTERPRISE);
  const ent = isObject(enterprise) ? enterprise : {};
  const roles = field(resource, 'roles');
  const roleValues = Array.isArray(roles) ? (roles as unknown[]).map((r) => (isObject(r) ? r.value : r)) : [];
  const roleNames = claimValues(roleValues);
  const groups = [...roleNames, ...claimValues(field(ent, 'department'))];
  const branch = claimValues(field(ent, 'division'));
  return {
    userName: text(field(resource, 'userName'), 'userName', 100, true) ?? '',
    externalId: text(field(resource, 'externalId'), 'externalId', 250),
    displayName,
    email: primary(field(resource, 'emails'), 'emails'),
    phone: primary(field(resource, 'phoneNumbers'), 'phoneNumbers'),
    active: active(field(resource, 'active')),
    /** Whether the resource says anything the mapping reads (a create always places). */
    places: groups.length > 0 || branch.length > 0,
    groups,
    roleNames,
    branch,
  };
}

/** Where a SCIM write's group came from: a role, else the enterprise extension's department. */
const scimOrigin = (u: { roleNames: readonly string[] }, from: { value: string; mapping: number }): GroupOrigin => ({
  method: 'SCIM',
  claim: u.roleNames.includes(from.value) ? 'roles' : 'department',
  value: from.value,
  mapping: from.mapping,
});

async function placement(ctx: AppContext, groups: string[], branch: string[]) {
  try {
    return await placementOrRefuse(ctx.conn.db, 'scim', groups, branch);
  } catch (err) {
    if (err instanceof ApiError) throw invalidValue(err.message);
    throw err;
  }
}

async function codeId(ctx: AppContext, resource: 'designation' | 'department', code: string | undefined) {
  if (!code) return undefined;
  const d = ctx.registry.get(resource);
  const row = await dynamic(ctx.conn.db)
    .selectFrom(d.table)
    .select(`${d.idField} as id`)
    .where(`${resource}_code`, '=', code)
    .executeTakeFirst();
  return row ? Number(row.id) : undefined;
}

/** 409 when another user holds this externalId (checked before any write). */
async function assertExternalFree(ctx: AppContext, externalId: string | undefined, userId?: number) {
  if (!externalId) return;
  const holder = await directoryDb(ctx.conn.db)
    .selectFrom('directory_identity')
    .select('user_id')
    .where('provider', '=', 'scim')
    .where('subject', '=', externalId)
    .executeTakeFirst();
  if (holder && holder.user_id !== userId) throw new ScimError(409, `externalId "${externalId}" belongs to another user`, 'uniqueness');
}

async function linkExternal(ctx: AppContext, userId: number, externalId: string | undefined) {
  const db = directoryDb(ctx.conn.db);
  await db.deleteFrom('directory_identity').where('provider', '=', 'scim').where('user_id', '=', userId).execute();
  if (!externalId) return;
  await db
    .insertInto('directory_identity')
    .values({ provider: 'scim', subject: externalId, user_id: userId, created_at: new Date().toISOString(), last_sign_in_at: '' })
    .execute();
}

export async function createScimUser(ctx: AppContext, actor: Actor, resource: unknown): Promise<number> {
  const u = fromScim(resource);
  const db = ctx.conn.db;
  if (await db.selectFrom('users').select('user_id').where('username', '=', u.userName).executeTakeFirst())
    throw new ScimError(409, `A user named "${u.userName}" exists already`, 'uniqueness');
  await assertExternalFree(ctx, u.externalId);
  const place = await placement(ctx, u.groups, u.branch);
  const cfg = directoryConfig(ctx);
  const designation = await codeId(ctx, 'designation', cfg.designationCode);
  const department = await codeId(ctx, 'department', cfg.departmentCode);
  if (!designation || !department)
    throw new ScimError(
      500,
      'Accounts cannot be created from the directory: DIRECTORY_DESIGNATION and DIRECTORY_DEPARTMENT must name an existing designation and department',
    );
  const d = ctx.registry.get(usersDescriptor.name);
  const password = randomBytes(33).toString('base64url');
  const fields = normaliseFields(d, {
    user_name: u.displayName || u.userName,
    username: u.userName,
    user_email: u.email ?? '',
    user_phone: u.phone ?? '',
    user_group: place.group,
    user_branch: place.branch,
    user_designation: designation,
    user_department: department,
    user_status: u.active === false ? 0 : 1,
    password,
    c_password: password,
  });
  const created = await ctx.crud.create(d, { fields, files: [] }, { actor: notedActor(actor, scimOrigin(u, place.groupFrom)) });
  const id = Number(created.user_id);
  await linkExternal(ctx, id, u.externalId);
  return id;
}

/** A PUT, or a PATCH once applied: the whole resource as it should be. */
export async function replaceScimUser(ctx: AppContext, actor: Actor, id: number, resource: unknown): Promise<void> {
  const u = fromScim(resource);
  await assertExternalFree(ctx, u.externalId, id);
  const d = ctx.registry.get(usersDescriptor.name);
  const fields: Record<string, unknown> = {
    username: u.userName,
    user_name: u.displayName || u.userName,
    user_email: u.email ?? '',
    user_phone: u.phone ?? '',
    ...(u.active !== undefined && { user_status: u.active ? 1 : 0 }),
  };
  let origin: GroupOrigin | undefined;
  if (u.places) {
    // A change names the groups, the branch, or both: what it does not name stays as it is.
    const found = await placementOf(ctx.conn.db, 'scim', u.groups, u.branch);
    if (u.groups.length) {
      const group = found.group ?? { id: (await placement(ctx, u.groups, u.branch)).group, from: undefined };
      fields.user_group = group.id;
      if (group.from) origin = scimOrigin(u, group.from);
    }
    if (u.branch.length) fields.user_branch = found.branch?.id ?? (await placement(ctx, u.groups, u.branch)).branch;
  }
  await ctx.crud.update(d, id, { fields: normaliseFields(d, fields), files: [] }, { actor: notedActor(actor, origin) });
  await linkExternal(ctx, id, u.externalId);
}
