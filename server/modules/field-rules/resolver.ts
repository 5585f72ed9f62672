import { sql, type SqlBool } from 'kysely';
import { dynamic, type Db, type DynamicDb } from '../../db/database';
import type { AuthUser } from '../../context';
import type { Registry, ResourceDescriptor } from '../../../resources';
import type { AppliedRules, FieldLevel, RecordRules } from '../../crud/record-rules';
import { parseValues, textOf, ruleAdmits, ruleCondition, ruleKey, type RowRule, type RowRuleKind } from './row-filter';

/** One active field rule as stored, with who it is for. */
export interface FieldRule {
  id: number;
  resource: string;
  field: string;
  level: FieldLevel;
  /** A group's rule (its id) or the user's own (0). */
  group: number;
  user: number;
  /**
   * Set on a rule the resolver adds itself: the field is computed from `derivedFrom` (the profit
   * from the purchase price), which is hidden, so it is hidden too, or it would tell the hidden
   * value by subtraction. The rule's id, group and user are the source field's rule's.
   */
  derivedFrom?: string;
}

/** Everything that holds for one actor: the effective level of each ruled field, the row rules per resource. */
export interface ActorRules {
  /** resource -> field -> the rule that decides its level (the user's own over their group's). */
  fields: ReadonlyMap<string, ReadonlyMap<string, FieldRule>>;
  rows: ReadonlyMap<string, readonly RowRule[]>;
}

export const LEVELS: readonly FieldLevel[] = ['hidden', 'read-only', 'editable'];
/** hidden < read-only < editable. */
export const rank = (level: FieldLevel) => LEVELS.indexOf(level);

/** Kept as the permissions are (server/auth/permissions.ts): dropped on any change, read again after this anyway. */
const CACHE_MS = 10_000;

interface Entry {
  rules: Promise<ActorRules>;
  loaded?: ActorRules;
  applied: Map<string, AppliedRules | undefined>;
  until: number;
}

/**
 * A field derived from a hidden one is hidden with it (see FieldRule.derivedFrom), whatever its
 * own rule says: hidden is the lowest level, so nothing a rule could say of it is weaker.
 */
function hideDerived(fields: Map<string, Map<string, FieldRule>>, registry: Registry): void {
  for (const [resource, of] of fields) {
    const d = registry.find(resource);
    if (!d) continue;
    for (const f of d.fields) {
      if (!('derived' in f) || !f.derived || of.get(f.name)?.level === 'hidden') continue;
      const source = f.derived.minus.map((name) => of.get(name)).find((r) => r?.level === 'hidden');
      if (source) of.set(f.name, { ...source, field: f.name, derivedFrom: source.field });
    }
  }
}

export type FieldRulesResolver = ReturnType<typeof createFieldRulesResolver>;

/**
 * The field and row rules of an actor, read once (two queries) and kept per user, group and branch
 * until a rule, a group or a permission changes (`invalidate`, called on those events by the
 * module's index). What one resource's rules mean for a request (`of`) is worked out once per
 * actor and resource and kept with them: a request pays a map look-up.
 */
export function createFieldRulesResolver(db: Db, registry: Registry) {
  const ddb = dynamic(db);
  const enabled = Boolean(registry.find('field-rule') && registry.find('row-rule'));
  let cache = new Map<string, Entry>();
  const keyOf = (a: AuthUser) => `${a.user_id}:${a.user_group}:${a.user_branch}`;

  const forActor = (group: string, user: string, a: AuthUser) =>
    sql<SqlBool>`(${sql.ref(group)} = ${a.user_group} and ${sql.ref(user)} = 0) or (${sql.ref(user)} = ${a.user_id} and ${sql.ref(group)} = 0)`;

  /** `via`: where to read (a caller's transaction, see `of`). */
  async function load(a: AuthUser, via: DynamicDb = ddb): Promise<ActorRules> {
    if (!enabled) return { fields: new Map(), rows: new Map() };
    const [fieldRows, rowRows] = await Promise.all([
      via
        .selectFrom('field_rule')
        .selectAll()
        .where(sql.ref('field_rule_status'), '=', 1)
        .where(forActor('field_rule_group', 'field_rule_user', a))
        .execute(),
      via
        .selectFrom('row_rule')
        .selectAll()
        .where(sql.ref('row_rule_status'), '=', 1)
        .where(forActor('row_rule_group', 'row_rule_user', a))
        .orderBy(sql.ref('row_rule_id'))
        .execute(),
    ]);
    const fields = new Map<string, Map<string, FieldRule>>();
    for (const r of fieldRows) {
      const rule: FieldRule = {
        id: Number(r.field_rule_id),
        resource: String(r.field_rule_resource),
        field: String(r.field_rule_field),
        level: r.field_rule_level as FieldLevel,
        group: Number(r.field_rule_group),
        user: Number(r.field_rule_user),
      };
      let of = fields.get(rule.resource);
      if (!of) fields.set(rule.resource, (of = new Map<string, FieldRule>()));
      const held = of.get(rule.field);
      // The user's own rule overrides their group's, whichever was read first.
      if (!held || (rule.user !== 0 && held.user === 0)) of.set(rule.field, rule);
    }
    const rows = new Map<string, RowRule[]>();
    for (const r of rowRows) {
      const resource = String(r.row_rule_resource);
      let list = rows.get(resource);
      if (!list) rows.set(resource, (list = []));
      list.push({
        id: Number(r.row_rule_id),
        kind: r.row_rule_kind as RowRuleKind,
        field: textOf(r.row_rule_field),
        values: parseValues(r.row_rule_values),
        group: Number(r.row_rule_group),
        user: Number(r.row_rule_user),
      });
    }
    hideDerived(fields, registry);
    return { fields, rows };
  }

  function entryOf(a: AuthUser): Entry {
    const key = keyOf(a);
    const now = Date.now();
    const hit = cache.get(key);
    if (hit && hit.until > now) return hit;
    const entry: Entry = { rules: load(a), applied: new Map(), until: now + CACHE_MS };
    cache.set(key, entry);
    entry.rules.then(
      (loaded) => {
        entry.loaded = loaded;
      },
      () => {
        if (cache.get(key) === entry) cache.delete(key);
      },
    );
    return entry;
  }

  /** What the rules mean for one resource (undefined: no rule concerns it). */
  function apply(d: ResourceDescriptor, a: AuthUser, rules: ActorRules): AppliedRules | undefined {
    const fieldRules = rules.fields.get(d.name);
    const rowRules = rules.rows.get(d.name) ?? [];
    const hidden = new Set<string>();
    const readOnly = new Set<string>();
    for (const [field, rule] of fieldRules ?? []) {
      if (rule.level === 'hidden') hidden.add(field);
      else if (rule.level === 'read-only') readOnly.add(field);
    }
    if (!hidden.size && !readOnly.size && !rowRules.length) return undefined;
    const where = rowRules.map((r) => ruleCondition(d, r, a));
    return {
      key: JSON.stringify([[...hidden].sort(), rowRules.map((r) => ruleKey(r, a)).sort()]),
      hidden,
      readOnly,
      where,
      admits: (row) => rowRules.every((r) => ruleAdmits(d, r, a, row)),
    };
  }

  const rulesOf = (a: AuthUser): Promise<ActorRules> => entryOf(a).rules;

  const of: RecordRules['of'] = (d, a, within) => {
    // Inside a caller's transaction, rules not known yet are read through it and not kept: what
    // the transaction reads may still be rolled back (an import's dry run of the rules themselves).
    const hit = cache.get(keyOf(a));
    if (within && !(hit?.loaded && hit.until > Date.now())) return load(a, within).then((rules) => apply(d, a, rules));
    const entry = entryOf(a);
    if (entry.applied.has(d.name)) return entry.applied.get(d.name);
    const settle = (rules: ActorRules) => {
      if (!entry.applied.has(d.name)) entry.applied.set(d.name, apply(d, a, rules));
      return entry.applied.get(d.name);
    };
    return entry.loaded ? settle(entry.loaded) : entry.rules.then(settle);
  };

  return {
    enabled,
    /** For the service (crud.ruledBy): the rules of an actor on a resource. */
    of,
    /** Every rule that holds for the actor, for the console's answer and the explainer. */
    rulesOf,
    /** The actor's level of one field: their own rule, else their group's, else editable. */
    async levelOf(a: AuthUser, resource: string, field: string): Promise<{ level: FieldLevel; rule?: FieldRule }> {
      const rule = (await rulesOf(a)).fields.get(resource)?.get(field);
      return rule ? { level: rule.level, rule } : { level: 'editable' };
    },
    invalidate() {
      cache = new Map();
    },
  };
}
