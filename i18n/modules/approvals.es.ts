/**
 * The approvals' words in Spanish (issue 48): the audit log's names of a change request's
 * decisions, the catalogue's names of the decide slugs, and the explainer's reasons (the server
 * says them in English; these are their translations for the console).
 */
export default {
  audit: {
    actions: {
      submit: 'Enviado a revisión',
      approve: 'Aprobado',
      reject: 'Rechazado',
      rebase: 'Rebasado',
    },
  },
  menus: {
    'change-request/change-request-approve': 'Aprobar solicitudes de cambio',
    'change-request/change-request-reject': 'Rechazar solicitudes de cambio',
    'change-request/change-request-rebase': 'Rebasar solicitudes de cambio',
  },
  approvals: {
    review: 'Los cambios de %{resource} necesitan la revisión de %{groups}',
    four_eyes: 'Los cambios de %{resource} necesitan dos aprobaciones de %{groups}',
    access: 'Cambios de acceso',
    sent: 'Enviado a revisión',
  },
};
