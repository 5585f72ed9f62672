import type { ResourceLabels } from '../labels';

/** Spanish labels of "row-rule". */
export default {
  name: 'Regla de filas |||| Reglas de filas',
  menu: 'Reglas de filas',
  choices: {
    row_rule_kind: {
      'own-branch': 'Su sucursal',
      'created-by-me': 'Registros que creó',
      'status-in': 'Estado en',
      'reference-in': 'Referencia en',
    },
  },
  fields: {
    row_rule_group: 'Grupo',
    row_rule_user: 'Usuario',
    row_rule_resource: 'Recurso',
    row_rule_kind: 'Regla',
    row_rule_field: 'Campo',
    row_rule_values: 'Valores',
    row_rule_status: 'Estado',
  },
} satisfies ResourceLabels;
