import type { ResourceDescriptor } from '../types';

/**
 * Row rules (issue 47): which records of a resource a group, or one user, reaches, from a closed
 * vocabulary the explainer can put into words: their own branch, the records they created, a
 * status field in a set of values, a reference in a set of records. A group's and the user's own
 * rules for a resource all hold together (AND), with the branch scope. Exactly one of group and
 * user is set (0 is none); server/modules/field-rules checks the resource, the field and the kind.
 */
export const rowRule = {
  name: 'row-rule',
  api: { prefix: 'row-rule', body: 'json' },
  table: 'row_rule',
  idField: 'row_rule_id',
  statusField: 'row_rule_status',
  titleField: 'row_rule_resource',
  menu: { group: 'settings', icon: 'AccountTree', position: 90 },
  dialog: 'sm',
  fields: [
    {
      name: 'row_rule_group',
      kind: 'reference',
      personal: 'none',
      reference: 'group',
      embedAs: 'row_rule_group',
      none: 0,
      list: true,
      filter: true,
    },
    {
      name: 'row_rule_user',
      kind: 'reference',
      personal: 'personal',
      reference: 'users',
      embedAs: 'row_rule_user',
      none: 0,
      list: true,
      filter: true,
    },
    { name: 'row_rule_resource', kind: 'text', personal: 'none', required: true, list: true, filter: true, search: true, maxLength: 100 },
    {
      name: 'row_rule_kind',
      kind: 'choice',
      personal: 'none',
      choices: ['own-branch', 'created-by-me', 'status-in', 'reference-in'],
      default: 'own-branch',
      required: true,
      list: true,
      filter: true,
    },
    {
      name: 'row_rule_field',
      kind: 'text',
      personal: 'none',
      list: true,
      maxLength: 100,
      visibleWhen: { field: 'row_rule_kind', in: ['status-in', 'reference-in'] },
    },
    {
      name: 'row_rule_values',
      kind: 'text',
      personal: 'none',
      list: true,
      maxLength: 500,
      pattern: { regex: '^\\s*(\\d+\\s*(,\\s*\\d+\\s*)*)?$', message: 'must be whole numbers separated by commas' },
      visibleWhen: { field: 'row_rule_kind', in: ['status-in', 'reference-in'] },
    },
    { name: 'row_rule_status', kind: 'status', personal: 'none', default: 1, list: true },
  ],
} as const satisfies ResourceDescriptor;

export default rowRule;
