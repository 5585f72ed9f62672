import type { ResourceLabels } from '../labels';

/** Spanish labels of "change-request". */
export default {
  name: 'Solicitud de cambio |||| Solicitudes de cambio',
  menu: 'Solicitudes de cambio',
  choices: {
    change_request_state: { pending: 'Pendiente', approved: 'Aprobada', rejected: 'Rechazada', stale: 'Desactualizada' },
    change_request_action: { create: 'Crear', update: 'Actualizar', delete: 'Eliminar' },
    change_request_mode: { review: 'Revisión', 'four-eyes': 'Cuatro ojos' },
  },
  fields: {
    change_request_resource: 'Recurso',
    change_request_record: 'Registro',
    change_request_action: 'Acción',
    change_request_body: 'Cambios pedidos',
    change_request_base_version: 'Versión base',
    change_request_author: 'Autor',
    change_request_author_name: 'Autor',
    change_request_state: 'Estado',
    change_request_mode: 'Modo',
    change_request_needed: 'Aprobaciones necesarias',
    change_request_approvals: 'Decisiones',
    change_request_why: 'Motivo',
    change_request_decided_at: 'Decidida el',
    change_request_status: 'Abierta',
  },
} satisfies ResourceLabels;
