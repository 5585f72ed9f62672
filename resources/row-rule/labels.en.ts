import type { ResourceLabels } from '../labels';

/** English labels of "row-rule". */
export default {
  name: 'Row rule |||| Row rules',
  menu: 'Row rules',
  choices: {
    row_rule_kind: {
      'own-branch': 'Own branch',
      'created-by-me': 'Records they created',
      'status-in': 'Status in',
      'reference-in': 'Reference in',
    },
  },
  fields: {
    row_rule_group: 'Group',
    row_rule_user: 'User',
    row_rule_resource: 'Resource',
    row_rule_kind: 'Rule',
    row_rule_field: 'Field',
    row_rule_values: 'Values',
    row_rule_status: 'Status',
  },
} satisfies ResourceLabels;
