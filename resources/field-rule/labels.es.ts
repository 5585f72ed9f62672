import type { ResourceLabels } from '../labels';

/** Spanish labels of "field-rule". */
export default {
  name: 'Regla de campo |||| Reglas de campo',
  menu: 'Reglas de campo',
  choices: {
    field_rule_level: {
      hidden: 'Oculto',
      'read-only': 'Solo lectura',
      editable: 'Editable',
    },
  },
  fields: {
    field_rule_group: 'Grupo',
    field_rule_user: 'Usuario',
    field_rule_resource: 'Recurso',
    field_rule_field: 'Campo',
    field_rule_level: 'Nivel',
    field_rule_status: 'Estado',
  },
} satisfies ResourceLabels;

/** The "settings" menu group's name. */
export const menuGroup = 'Ajustes';
