/** The approvals' console words in Spanish (see approvalsConsole.en.ts). */
export default {
  approvals: {
    console: {
      sent: 'Enviado a revisión',
      pending_badge: 'Pendiente de revisión',
      access: 'Acceso (permisos, concesiones, menús, flujos)',
      review_title: 'Solicitud de cambio %{id}',
      back: 'Volver a las solicitudes de cambio',
      summary: '%{author} pide: %{action} %{resource} (registro %{record})',
      approvals_count: 'Aprobaciones: %{done} de %{needed}',
      decision: { approve: 'Aprobada por %{name}', reject: 'Rechazada por %{name}' },
      diff: 'Cambios frente al registro vigente',
      live_record: 'Registro vigente',
      asked: 'Pedido',
      no_changes: 'Esta solicitud no cambia nada del registro vigente.',
      comment: 'Comentario (opcional)',
      approve: 'Aprobar',
      reject: 'Rechazar',
      rebase: 'Actualizar base',
      own: 'Es su solicitud: la decide otro aprobador.',
      stale: 'El registro ha cambiado desde que se hizo esta solicitud; su autor debe actualizar su base.',
      stale_author: 'El registro ha cambiado desde que hizo esta solicitud: actualice su base para enviarla de nuevo a revisión.',
      open_request: 'Abrir la solicitud de cambio %{id}',
      bell: '%{smart_count} solicitud de cambio espera revisión |||| %{smart_count} solicitudes de cambio esperan revisión',
      live: {
        pending: 'Una solicitud de cambio espera su revisión: %{why}',
        approved: 'Su solicitud de cambio fue aprobada y aplicada: %{why}',
        rejected: 'Su solicitud de cambio fue rechazada: %{why}',
        stale: 'Su solicitud de cambio está desactualizada: actualice su base (%{why})',
      },
    },
  },
};
