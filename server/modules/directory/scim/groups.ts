import type { AppContext } from '../../../context';
import type { Actor } from '../../../crud/service';
import { dynamic } from '../../../db/database';
import { users as usersDescriptor } from '../../../../resources';
import { placementOf } from '../mapping';
import { ScimError } from './errors';
import { matches, parseFilter } from './filter';
import { PATCH_SCHEMA } from './patch';

/**
 * The console's permission groups as SCIM Groups (RFC 7643 section 4.2): `displayName` the group's
 * name, `externalId` its code, `members` the users holding it. A person holds exactly one group, so
 * a membership PATCH (RFC 7644 section 3.5.2, as its examples use it: `add` and `replace` of
 * `members`, `remove` of `members[value eq "..."]` or of `members` with or without a value) moves
 * people: an added member's group becomes this one; a removed member's group becomes the one the
 * directory mapping gives everyone (a `*` row, source SCIM or any), and is refused when there is
 * none. Each move is an update of the user through the users' one write path, with the token's
 * administrator as the actor (no escalation, branch scope). The groups themselves (names, codes,
 * grants) are the console's: SCIM does not create, rename or delete them.
 */
export const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);
const syntax = (why: string) => new ScimError(400, `The PATCH body is malformed: ${why}`, 'invalidSyntax');
const ID = /^[0-9]{1,9}$/;

export interface ScimGroupRow {
  group_id: number;
  group_name: string;
  group_code: string;
}

export async function groupRows(ctx: AppContext, id?: number): Promise<ScimGroupRow[]> {
  let q = dynamic(ctx.conn.db).selectFrom('user_group').select(['group_id', 'group_name', 'group_code']).orderBy('group_id');
  if (id !== undefined) q = q.where('group_id', '=', id);
  return (await q.execute()).map((g) => ({
    group_id: Number(g.group_id),
    group_name: String(g.group_name),
    group_code: String(g.group_code),
  }));
}

async function membersOf(ctx: AppContext) {
  return ctx.conn.db.selectFrom('users').select(['user_id', 'user_name', 'user_group']).orderBy('user_id').execute();
}

/** The groups as SCIM answers them; `withMembers` false for `excludedAttributes=members` (a large group's list is long). */
export async function scimGroups(ctx: AppContext, base: string, options: { id?: number; withMembers?: boolean } = {}): Promise<Json[]> {
  const rows = await groupRows(ctx, options.id);
  const members = options.withMembers === false ? [] : await membersOf(ctx);
  return rows.map((g) => ({
    schemas: [GROUP_SCHEMA],
    id: String(g.group_id),
    externalId: g.group_code,
    displayName: g.group_name,
    ...(options.withMembers !== false && {
      members: members
        .filter((m) => m.user_group === g.group_id)
        .map((m) => ({ value: String(m.user_id), display: m.user_name, $ref: `${base}/Users/${m.user_id}` })),
    }),
    meta: { resourceType: 'Group', location: `${base}/Groups/${g.group_id}` },
  }));
}

/** The users a `members` value names: `[{ "value": "<user id>" }, ...]`. */
function memberIds(value: unknown, at: string): number[] {
  const list = Array.isArray(value) ? (value as unknown[]) : isObject(value) ? [value] : undefined;
  if (!list) throw new ScimError(400, `${at}: "members" must be a list of { "value": "<user id>" }`, 'invalidValue');
  return list.map((m) => {
    const v = isObject(m) ? m.value : undefined;
    const text = typeof v === 'number' ? String(v) : v;
    if (typeof text !== 'string' || !ID.test(text)) throw new ScimError(400, `${at}: a member's "value" must be a user id`, 'invalidValue');
    return Number(text);
  });
}

/** A `members` path, plain or with a value filter (`members[value eq "2819c223"]`). */
function membersPath(raw: string, at: string) {
  const m = /^\s*(?:urn:ietf:params:scim:schemas:core:2\.0:Group:)?members(?:\[(.*)\])?\s*$/i.exec(raw);
  if (!m) return undefined;
  if (m[1] === undefined) return { filter: undefined };
  try {
    return { filter: parseFilter(m[1]) };
  } catch (err) {
    throw new ScimError(400, `${at}: the path "${raw}" has a malformed filter: ${(err as Error).message}`, 'invalidPath');
  }
}

/** A group attribute SCIM may not change; answering the value it already has is no change. */
function unchanged(group: ScimGroupRow, name: string, value: unknown, at: string) {
  const key = name.toLowerCase();
  const current =
    key === 'displayname' ? group.group_name : key === 'externalid' ? group.group_code : key === 'id' ? String(group.group_id) : undefined;
  if (current === undefined) throw new ScimError(400, `${at}: "${name}" is not an attribute of a Group the console accepts`, 'invalidPath');
  if (value !== current)
    throw new ScimError(
      400,
      `${at}: the console's groups are named and coded in the console; SCIM changes only their members`,
      'mutability',
    );
}

/** What the operations ask, in order: the members to bring in and those to take out, all checked before any write. */
function plan(group: ScimGroupRow, current: readonly number[], body: unknown) {
  if (!isObject(body)) throw syntax('it must be a JSON object');
  const schemas = body.schemas;
  if (!Array.isArray(schemas) || !schemas.includes(PATCH_SCHEMA)) throw syntax(`"schemas" must list ${PATCH_SCHEMA}`);
  const ops = body.Operations ?? body.operations;
  if (!Array.isArray(ops) || !ops.length) throw syntax('"Operations" must be a list of at least one operation');
  if (ops.length > 100) throw syntax('at most 100 operations in one request');
  const members = new Set(current);
  for (const [i, raw] of (ops as unknown[]).entries()) {
    const at = `operation ${i + 1}`;
    if (!isObject(raw)) throw syntax(`${at} is not an object`);
    const op = typeof raw.op === 'string' ? raw.op.toLowerCase() : '';
    if (op !== 'add' && op !== 'replace' && op !== 'remove') throw syntax(`${at}: "op" must be add, replace or remove`);
    if (op !== 'remove' && !('value' in raw)) throw new ScimError(400, `${at}: ${op} needs a value`, 'invalidValue');
    if (raw.path !== undefined && typeof raw.path !== 'string') throw new ScimError(400, `${at}: "path" must be text`, 'invalidPath');
    if (raw.path === undefined) {
      if (op === 'remove') throw new ScimError(400, `${at}: remove needs a path`, 'noTarget');
      if (!isObject(raw.value)) throw new ScimError(400, `${at}: an operation without a path needs an object value`, 'invalidValue');
      for (const [name, v] of Object.entries(raw.value)) {
        if (name.toLowerCase() !== 'members') {
          unchanged(group, name, v, at);
          continue;
        }
        const ids = memberIds(v, at);
        if (op === 'replace') members.clear();
        for (const id of ids) members.add(id);
      }
      continue;
    }
    const path = membersPath(raw.path, at);
    if (!path) {
      if (op === 'remove') throw new ScimError(400, `${at}: only members are removed from a group`, 'invalidPath');
      unchanged(group, raw.path.trim(), raw.value, at);
      continue;
    }
    if (op === 'remove') {
      const { filter } = path;
      const named = 'value' in raw && raw.value !== undefined && raw.value !== null ? new Set(memberIds(raw.value, at)) : undefined;
      for (const id of [...members]) {
        const picked = filter ? matches(filter, { value: String(id) }) : named ? named.has(id) : true;
        if (picked) members.delete(id);
      }
      continue;
    }
    if (path.filter) throw new ScimError(400, `${at}: ${op} takes "members" without a filter`, 'invalidPath');
    const ids = memberIds(raw.value, at);
    if (op === 'replace') members.clear();
    for (const id of ids) members.add(id);
  }
  return { joining: [...members].filter((id) => !current.includes(id)), leaving: current.filter((id) => !members.has(id)) };
}

/** Applies a PATCH to the group's members; answers nothing (the caller answers the group as it now is). */
export async function patchGroupMembers(ctx: AppContext, actor: Actor, groupId: number, body: unknown): Promise<void> {
  const [group] = await groupRows(ctx, groupId);
  if (!group) throw new ScimError(404, `Group ${groupId} not found`);
  const everyone = await membersOf(ctx);
  const current = everyone.filter((u) => u.user_group === groupId).map((u) => u.user_id);
  const { joining, leaving } = plan(group, current, body);
  const known = new Set(everyone.map((u) => u.user_id));
  const unknown = joining.find((id) => !known.has(id));
  if (unknown !== undefined)
    throw new ScimError(400, `User ${unknown} not found: members are the console's users (their SCIM id)`, 'invalidValue');
  let fallback: number | undefined;
  if (leaving.length) {
    fallback = (await placementOf(ctx.conn.db, 'scim', [], [])).group?.id;
    if (fallback === undefined || fallback === groupId)
      throw new ScimError(
        400,
        'A person holds exactly one group, and the directory mapping gives no default group (a "*" row) for people removed from this one: add them to another group instead, or deactivate them',
        'mutability',
      );
  }
  const d = ctx.registry.get(usersDescriptor.name);
  const moves = [...joining.map((id) => [id, groupId] as const), ...leaving.map((id) => [id, fallback ?? groupId] as const)];
  // One write per person, each with every rule of a users' edit (no escalation, branch scope, the
  // last Super Admin kept): a refused move stops the request; the moves before it stand, as the
  // same edits made one by one in the console would.
  for (const [id, to] of moves) await ctx.crud.update(d, id, { fields: { user_group: to }, files: [] }, { actor });
}
