import type { ResourceDescriptor } from '../types';

/**
 * Field rules (issue 47): for a group, or one user overriding their group, one field of one
 * resource is hidden, read-only or editable (the default, as without a rule). Exactly one of
 * group and user is set (0 is none). The resource and field are names the registry knows; the
 * module server/modules/field-rules checks them, refuses a duplicate (409) and holds that nobody
 * gives a field right they lack. Only active rules count.
 */
export const fieldRule = {
  name: 'field-rule',
  api: { prefix: 'field-rule', body: 'json' },
  table: 'field_rule',
  idField: 'field_rule_id',
  statusField: 'field_rule_status',
  titleField: 'field_rule_field',
  menu: { group: 'settings', icon: 'Visibility', position: 90 },
  dialog: 'sm',
  fields: [
    {
      name: 'field_rule_group',
      kind: 'reference',
      personal: 'none',
      reference: 'group',
      embedAs: 'field_rule_group',
      none: 0,
      list: true,
      filter: true,
    },
    {
      name: 'field_rule_user',
      kind: 'reference',
      personal: 'personal',
      reference: 'users',
      embedAs: 'field_rule_user',
      none: 0,
      list: true,
      filter: true,
    },
    { name: 'field_rule_resource', kind: 'text', personal: 'none', required: true, list: true, filter: true, search: true, maxLength: 100 },
    { name: 'field_rule_field', kind: 'text', personal: 'none', required: true, list: true, search: true, maxLength: 100 },
    {
      name: 'field_rule_level',
      kind: 'choice',
      personal: 'none',
      choices: ['hidden', 'read-only', 'editable'],
      default: 'hidden',
      required: true,
      list: true,
      filter: true,
    },
    { name: 'field_rule_status', kind: 'status', personal: 'none', default: 1, list: true },
  ],
} as const satisfies ResourceDescriptor;

export default fieldRule;
