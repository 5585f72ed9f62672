import type { ResourceLabels } from '../labels';

/** English labels of "field-rule". */
export default {
  name: 'Field rule |||| Field rules',
  menu: 'Field rules',
  choices: {
    field_rule_level: {
      hidden: 'Hidden',
      'read-only': 'Read-only',
      editable: 'Editable',
    },
  },
  fields: {
    field_rule_group: 'Group',
    field_rule_user: 'User',
    field_rule_resource: 'Resource',
    field_rule_field: 'Field',
    field_rule_level: 'Level',
    field_rule_status: 'Status',
  },
} satisfies ResourceLabels;

/** The "settings" menu group's name. */
export const menuGroup = 'Settings';
