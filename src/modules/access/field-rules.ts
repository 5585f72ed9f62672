import { useCallback, useMemo } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { usePermissions } from 'react-admin';
import { fetchJson } from '../../../dataProvider/httpClient';
import { fromApi, type ApiRecord } from '../../../dataProvider/records';
import { actionPath, actionsOf, permissionSlug, MAX_LIST_LIMIT, type Registry, type ResourceDescriptor } from '../../../resources';
import type { PermissionEntry } from './api';
import { API_URL } from '../../config';
import { useRegistry } from '../../registry-context';

/**
 * Field rules in the permission tree (issue 47, docs/field-and-row-rules.md): per group, or one
 * user overriding their group, each field of a resource is hidden, read-only or editable (the
 * default, no rule). The rules are records of the declared resource `field-rule`, read and
 * written through its generic routes; the server holds the rules' own rules (no escalation).
 */
export type FieldLevel = 'hidden' | 'read-only' | 'editable';
export const LEVELS: readonly FieldLevel[] = ['hidden', 'read-only', 'editable'];
/** As the server ranks them: nobody gives a field a level above their own. */
export const rankOf = (level: FieldLevel) => LEVELS.indexOf(level);

export interface FieldRuleRecord {
  field_rule_id: number;
  field_rule_group: number;
  field_rule_user: number;
  field_rule_resource: string;
  field_rule_field: string;
  field_rule_level: FieldLevel;
  field_rule_status: number;
}

/** resource → field → the rule (active or not: an inactive one is updated rather than duplicated). */
export type RuleIndex = ReadonlyMap<string, ReadonlyMap<string, FieldRuleRecord>>;

/** The actor's own hidden and read-only fields, as `GET /access/field-rules` answers them. */
export type OwnRules = Readonly<Record<string, { hidden: readonly string[]; readOnly: readonly string[] }>>;

export function indexRules(records: readonly FieldRuleRecord[]): RuleIndex {
  const out = new Map<string, Map<string, FieldRuleRecord>>();
  for (const r of records) {
    const fields = out.get(r.field_rule_resource) ?? new Map<string, FieldRuleRecord>();
    fields.set(r.field_rule_field, r);
    out.set(r.field_rule_resource, fields);
  }
  return out;
}

/** A rule's level where it holds (active), else none. */
const held = (rule: FieldRuleRecord | undefined): FieldLevel | undefined =>
  rule?.field_rule_status === 1 ? rule.field_rule_level : undefined;

export function ownLevel(own: OwnRules, resource: string, field: string): FieldLevel {
  const r = own[resource];
  if (r?.hidden.includes(field)) return 'hidden';
  if (r?.readOnly.includes(field)) return 'read-only';
  return 'editable';
}

/** Who the rules are for: a group, or one user (compared with their group). */
export interface Target {
  group: number;
  user?: number;
}

/** What a change of one field to `level` writes: nothing, a create, an update or a delete. */
export type Write =
  | { kind: 'create'; body: Omit<FieldRuleRecord, 'field_rule_id'> }
  | { kind: 'update'; id: number; body: Pick<FieldRuleRecord, 'field_rule_level' | 'field_rule_status'> }
  | { kind: 'delete'; id: number };

/**
 * The write that gives one field `level` for the target. A group's "editable" is no rule; a user's
 * level equal to their group's is no rule of their own (they inherit it, as a permission equal to
 * the group's is the group's).
 */
export function writeFor(
  target: Target,
  rules: { group: RuleIndex; user: RuleIndex },
  resource: string,
  field: string,
  level: FieldLevel,
): Write | undefined {
  const own = (target.user ? rules.user : rules.group).get(resource)?.get(field);
  const inherited = target.user ? (held(rules.group.get(resource)?.get(field)) ?? 'editable') : 'editable';
  if (level === inherited) return own ? { kind: 'delete', id: own.field_rule_id } : undefined;
  if (own) {
    if (held(own) === level) return undefined;
    return { kind: 'update', id: own.field_rule_id, body: { field_rule_level: level, field_rule_status: 1 } };
  }
  return {
    kind: 'create',
    body: {
      field_rule_group: target.user ? 0 : target.group,
      field_rule_user: target.user ?? 0,
      field_rule_resource: resource,
      field_rule_field: field,
      field_rule_level: level,
      field_rule_status: 1,
    },
  };
}

/** One field's levels as the tree shows them. */
export interface FieldState {
  /** The level that holds for the target. */
  level: FieldLevel;
  /** 'user' mode: the group's level, what the user inherits. */
  groupLevel: FieldLevel;
  /** 'user' mode: the user has a rule of their own for the field. */
  overridden: boolean;
  /** The actor's own level: choices above it are theirs to give no more than any right they lack. */
  ownLevel: FieldLevel;
}

export function fieldState(
  target: Target,
  rules: { group: RuleIndex; user: RuleIndex },
  own: OwnRules,
  resource: string,
  field: string,
): FieldState {
  const groupLevel = held(rules.group.get(resource)?.get(field)) ?? 'editable';
  const userLevel = target.user ? held(rules.user.get(resource)?.get(field)) : undefined;
  return {
    level: userLevel ?? groupLevel,
    groupLevel,
    overridden: userLevel !== undefined,
    ownLevel: ownLevel(own, resource, field),
  };
}

/** The fields the tree offers for a resource: every field its descriptor declares, in its order. */
export const ruledFields = (d: ResourceDescriptor): string[] => d.fields.map((f) => f.name);

/** The rules of a list answer; its group and user come embedded (`{group_id, ...}`), read back as their ids. */
async function listRules(d: ResourceDescriptor, registry: Registry, filter: Record<string, number>): Promise<FieldRuleRecord[]> {
  const q = new URLSearchParams({ ...Object.fromEntries(Object.entries(filter).map(([k, v]) => [k, String(v)])), status: 'all' });
  q.set('limit', String(MAX_LIST_LIMIT));
  const { json } = await fetchJson(`${API_URL}${actionPath(d, 'list')}/?${q.toString()}`);
  const rows = Array.isArray(json.data) ? (json.data as ApiRecord[]) : [];
  return rows.map((r) => fromApi(d, r, registry) as unknown as FieldRuleRecord);
}

async function send(d: ResourceDescriptor, w: Write): Promise<void> {
  if (w.kind === 'create') await fetchJson(`${API_URL}${actionPath(d, 'create')}`, { method: 'POST', body: JSON.stringify(w.body) });
  else if (w.kind === 'update')
    await fetchJson(`${API_URL}${actionPath(d, 'update')}/${w.id}`, { method: 'PUT', body: JSON.stringify(w.body) });
  else await fetchJson(`${API_URL}${actionPath(d, 'delete')}/${w.id}`, { method: 'DELETE' });
}

/** What the permission tree needs to show and set the field level (see PermissionTreeView). */
export interface FieldRulesModel {
  registry: Registry;
  mode: 'group' | 'user';
  stateOf: (resource: string, field: string) => FieldState;
  /**
   * Gives each named field of a resource `level`, one write at a time; rejects with the server's
   * message at the first refusal. The rules are read again either way.
   */
  set: (resource: string, fields: readonly string[], level: FieldLevel) => Promise<void>;
  readOnly: boolean;
}

const RULE_RESOURCE = 'field-rule';

/**
 * The target's field rules, for a viewer who may list them (`field-rule/field-rule-list`); none
 * (no field level in the tree) for others, or while they load.
 */
export function useFieldRules(target: Target, readOnly = false): FieldRulesModel | undefined {
  const registry = useRegistry();
  const d = registry.find(RULE_RESOURCE);
  const { permissions } = usePermissions<string[] | undefined>();
  const holds = (action: 'list' | 'create' | 'update' | 'delete') =>
    !!d && Array.isArray(permissions) && permissions.includes(permissionSlug(d, action));
  const allowed = holds('list');
  // A viewer who may list the rules but not write them sees the levels without changing them.
  const mayWrite = holds('create') && holds('update') && holds('delete');
  const queryClient = useQueryClient();
  const key = useMemo(() => ['access', 'field-rules', target.group, target.user ?? 0], [target.group, target.user]);
  const { data } = useQuery({
    queryKey: key,
    enabled: allowed,
    queryFn: async () => {
      if (!d) throw new Error('no field-rule resource');
      const [group, user, own] = await Promise.all([
        listRules(d, registry, { field_rule_group: target.group }),
        target.user ? listRules(d, registry, { field_rule_user: target.user }) : Promise.resolve([]),
        fetchJson(`${API_URL}/access/field-rules`).then((r) => (r.json.data ?? {}) as OwnRules),
      ]);
      // A group's own rules only (a user's rule has group 0, but a filter is a filter).
      return {
        rules: { group: indexRules(group.filter((r) => r.field_rule_user === 0)), user: indexRules(user) },
        own,
      };
    },
    refetchOnWindowFocus: false,
  });
  const set = useCallback(
    async (resource: string, fields: readonly string[], level: FieldLevel) => {
      if (!d || !data) return;
      try {
        for (const field of fields) {
          const w = writeFor(target, data.rules, resource, field, level);
          if (w) await send(d, w);
        }
      } finally {
        await queryClient.invalidateQueries({ queryKey: key });
      }
    },
    [d, data, target, queryClient, key],
  );
  return useMemo(() => {
    if (!allowed || !data) return undefined;
    return {
      registry,
      mode: target.user ? 'user' : 'group',
      stateOf: (resource: string, field: string) => fieldState(target, data.rules, data.own, resource, field),
      set,
      readOnly: readOnly || !mayWrite,
    };
  }, [allowed, data, registry, target, set, readOnly, mayWrite]);
}

/** An entry's children in the tree: its own entries, and after a resource's last action entry, that resource's fields node. */
export type TreeChild =
  { kind: 'entry'; entry: PermissionEntry } | { kind: 'fields'; resource: ResourceDescriptor; slugs: ReadonlySet<string> };

/**
 * Places each resource's fields node among an entry's children: after the last of the entries
 * that are the resource's actions (`medicine/medicine-list`, ...), as the registry names them.
 */
export function withFieldNodes(menus: readonly PermissionEntry[], registry: Registry): TreeChild[] {
  const after = new Map<number, { resource: ResourceDescriptor; slugs: ReadonlySet<string> }[]>();
  for (const d of registry.all) {
    if (!d.fields.length) continue;
    const slugs = new Set(actionsOf(d).map((a) => permissionSlug(d, a)));
    let last = -1;
    menus.forEach((m, i) => {
      if (slugs.has(m.menu_slug)) last = i;
    });
    if (last >= 0) after.set(last, [...(after.get(last) ?? []), { resource: d, slugs }]);
  }
  return menus.flatMap((entry, i): TreeChild[] => [
    { kind: 'entry', entry },
    ...(after.get(i) ?? []).map((x) => ({ kind: 'fields' as const, ...x })),
  ]);
}
