import { sql, type Expression, type SqlBool } from 'kysely';
import type { Row } from '../../db/database';
import { CREATED_BY, hasCreatedBy } from '../../db/created-by';
import type { ResourceDescriptor } from '../../../resources';
import type { AuthUser } from '../../context';

/** The closed vocabulary of row rules (resources/row-rule): what the explainer can put into words. */
export type RowRuleKind = 'own-branch' | 'created-by-me' | 'status-in' | 'reference-in';
export const ROW_RULE_KINDS: readonly RowRuleKind[] = ['own-branch', 'created-by-me', 'status-in', 'reference-in'];

/** One active row rule as stored, with who it is for (for the explainer). */
export interface RowRule {
  id: number;
  kind: RowRuleKind;
  field: string;
  values: number[];
  /** A group's rule (its id) or the user's own (0). */
  group: number;
  user: number;
}

/** A stored text column's value as text ('' for none). */
export const textOf = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/** `3, 5` -> [3, 5]; anything else is no value (the descriptor's pattern refuses it on write). */
export const parseValues = (raw: unknown): number[] =>
  textOf(raw)
    .split(',')
    .map((s) => s.trim())
    .filter((s) => /^\d+$/.test(s))
    .map(Number);

/**
 * The column a rule compares, or undefined when the rule cannot apply to the resource (a kind its
 * descriptor does not allow: the module's policy refuses such a rule when it is written; one
 * left behind by a descriptor change then admits no row, rather than every row).
 */
export function columnOf(d: ResourceDescriptor, rule: Pick<RowRule, 'kind' | 'field'>): string | undefined {
  switch (rule.kind) {
    case 'own-branch':
      return d.branchScope;
    case 'created-by-me':
      return hasCreatedBy(d) ? CREATED_BY : undefined;
    case 'status-in':
      return d.fields.some((f) => f.name === rule.field && f.kind === 'status') ? rule.field : undefined;
    case 'reference-in':
      return d.fields.some((f) => f.name === rule.field && f.kind === 'reference') ? rule.field : undefined;
  }
}

/** The value set a rule admits for the actor: their branch, their id, or the rule's values. */
function admittedValues(rule: RowRule, actor: AuthUser): number[] {
  if (rule.kind === 'own-branch') return [actor.user_branch];
  if (rule.kind === 'created-by-me') return [actor.user_id];
  return rule.values;
}

/** A rule as SQL over the list's alias `t` (parameters only: no value is ever spelled into the text). */
export function ruleCondition(d: ResourceDescriptor, rule: RowRule, actor: AuthUser): Expression<SqlBool> {
  const column = columnOf(d, rule);
  const values = admittedValues(rule, actor);
  if (!column || !values.length) return sql<SqlBool>`1 = 0`;
  const ref = sql.ref(`t.${column}`);
  return values.length === 1 ? sql<SqlBool>`${ref} = ${values[0]}` : sql<SqlBool>`${ref} in (${sql.join(values)})`;
}

/** The same rule on one row in memory (a write's record before and after: no query to run). */
export function ruleAdmits(d: ResourceDescriptor, rule: RowRule, actor: AuthUser, row: Row): boolean {
  const column = columnOf(d, rule);
  if (!column) return false;
  // As the SQL condition: a missing value (NULL) equals nothing.
  const raw = row[column];
  if (raw === null || raw === undefined || raw === '') return false;
  const value = Number(raw);
  return admittedValues(rule, actor).includes(value);
}

/** What an answer kept between requests depends on: the rules' kinds, fields and the values they admit. */
export const ruleKey = (rule: RowRule, actor: AuthUser) => `${rule.kind}:${rule.field}:${admittedValues(rule, actor).join('|')}`;
