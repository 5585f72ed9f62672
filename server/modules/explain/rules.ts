import { sql } from 'kysely';
import type { AppContext } from '../../context';
import { personalOf, type Personal } from '../../../resources';
import { dynamic } from '../../db/database';
import { fieldRulesOf } from '../field-rules';
import type { RowRule } from '../field-rules/row-filter';
import type { FieldRule } from '../field-rules/resolver';

/** A field or row rule that holds for the user, put into words with the group or user override that set it. */
export interface ExplainedRule {
  kind: 'field' | 'row';
  rule_id: number;
  resource: string;
  /** The field a field rule concerns, or a status/reference row rule compares. */
  field?: string;
  level?: string;
  /** What the field holds about a person (issue 49), from its declaration: a field rule's weight. */
  personal?: Personal;
  row_kind?: string;
  values?: number[];
  /** Whose rule it is: the user's group's, or the user's own (an override). */
  by: 'group' | 'user';
  group_id?: number;
  group_name?: string;
  reason: string;
}

/** How the reason names a field's classification (nothing for a field that holds nothing about a person). */
const PERSONAL_WORDS: Record<Personal, string> = {
  none: '',
  personal: ' (personal data)',
  sensitive: ' (sensitive personal data)',
  secret: ' (a secret)',
};

interface Who {
  user_id: number;
  user_name: string;
  user_group: number;
  user_branch: number;
}

const ROW_WORDS: Record<RowRule['kind'], (r: RowRule, who: Who) => string> = {
  'own-branch': (_r, who) => `only records of their own branch (${who.user_branch})`,
  'created-by-me': () => 'only records they created',
  'status-in': (r) => `only records whose ${r.field} is ${r.values.join(' or ')}`,
  'reference-in': (r) => `only records whose ${r.field} is one of ${r.values.join(', ')}`,
};

/**
 * The rules of the explainer and check-access (issue 47): which fields of which resources are
 * hidden from or read-only for the user and which rows they reach, each naming the rule and
 * whether the user's group or their own override set it ("field medicine_purchase_price is hidden
 * for group Pharmacy Clerk by field rule #3"). The same resolver the read and write path asks.
 */
export function rulesExplainer(ctx: AppContext) {
  const resolver = fieldRulesOf(ctx);
  const groups = ctx.registry.get('group');

  const groupName = async (id: number) => {
    const row = await dynamic(ctx.conn.db)
      .selectFrom(groups.table)
      .select(sql.ref(groups.titleField).as('name'))
      .where(sql.ref(groups.idField), '=', id)
      .executeTakeFirst();
    return row ? String(row.name) : `#${id}`;
  };

  return async (who: Who, resource?: string): Promise<ExplainedRule[]> => {
    const rules = await resolver.rulesOf({ ...who, token: '' });
    const name = who.user_group ? await groupName(who.user_group) : '';
    const whose = (r: { user: number }) => (r.user ? `user ${who.user_name} (their own override)` : `group ${name}`);
    const out: ExplainedRule[] = [];
    const byWho = (r: FieldRule | RowRule) =>
      r.user ? { by: 'user' as const } : { by: 'group' as const, group_id: who.user_group, group_name: name };
    for (const [res, fields] of rules.fields) {
      if (resource !== undefined && res !== resource) continue;
      for (const r of fields.values()) {
        if (r.level === 'editable' && !r.user) continue;
        const declared = ctx.registry.find(res)?.fields.find((f) => f.name === r.field);
        const personal = declared ? personalOf(declared) : undefined;
        out.push({
          kind: 'field',
          rule_id: r.id,
          resource: res,
          field: r.field,
          level: r.level,
          ...(personal && { personal }),
          ...byWho(r),
          reason: r.derivedFrom
            ? `field ${r.field}${PERSONAL_WORDS[personal ?? 'none']} is hidden because it is computed from ${r.derivedFrom}, hidden for ${whose(r)} by field rule #${r.id}`
            : `field ${r.field}${PERSONAL_WORDS[personal ?? 'none']} is ${r.level} for ${whose(r)} by field rule #${r.id}`,
        });
      }
    }
    for (const [res, list] of rules.rows) {
      if (resource !== undefined && res !== resource) continue;
      for (const r of list)
        out.push({
          kind: 'row',
          rule_id: r.id,
          resource: res,
          row_kind: r.kind,
          ...(r.field && { field: r.field }),
          ...(r.values.length && { values: r.values }),
          ...byWho(r),
          reason: `${res}: ${ROW_WORDS[r.kind](r, who)}, for ${whose(r)} by row rule #${r.id}`,
        });
    }
    return out;
  };
}
