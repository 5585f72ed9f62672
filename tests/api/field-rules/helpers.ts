import type { TestServer } from '../harness';
import { created } from '../users/helpers';

/** The medicine slugs a clerk holds in these tests. */
export const MEDICINE_SLUGS = [
  'medicine/medicine-list',
  'medicine/get-medicine',
  'medicine/medicine-create',
  'medicine/medicine-update',
  'medicine/medicine-delete',
];

/** A field rule made by the admin through the generic route; answers its id. */
export async function fieldRule(
  s: TestServer,
  who: { group?: number; user?: number },
  resource: string,
  field: string,
  level: 'hidden' | 'read-only' | 'editable',
): Promise<number> {
  const data = await created(s, '/api/field-rule/field-rule-create', {
    field_rule_group: who.group ?? 0,
    field_rule_user: who.user ?? 0,
    field_rule_resource: resource,
    field_rule_field: field,
    field_rule_level: level,
  });
  return data.field_rule_id as number;
}

/** A row rule made by the admin through the generic route; answers its id. */
export async function rowRule(
  s: TestServer,
  who: { group?: number; user?: number },
  resource: string,
  kind: 'own-branch' | 'created-by-me' | 'status-in' | 'reference-in',
  field = '',
  values = '',
): Promise<number> {
  const data = await created(s, '/api/row-rule/row-rule-create', {
    row_rule_group: who.group ?? 0,
    row_rule_user: who.user ?? 0,
    row_rule_resource: resource,
    row_rule_kind: kind,
    row_rule_field: field,
    row_rule_values: values,
  });
  return data.row_rule_id as number;
}
