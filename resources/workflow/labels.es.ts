import type { ResourceLabels } from '../labels';

/** Spanish labels of "workflow". */
export default {
  name: 'Flujo de aprobación |||| Flujos de aprobación',
  menu: 'Flujos de aprobación',
  choices: { workflow_mode: { none: 'Ninguno', review: 'Revisión', 'four-eyes': 'Cuatro ojos' } },
  fields: {
    workflow_resource: 'Recurso',
    workflow_mode: 'Modo',
    workflow_groups: 'Grupos aprobadores',
    workflow_status: 'Estado',
  },
} satisfies ResourceLabels;
