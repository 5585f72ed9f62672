/** The audit trail's words shown before its screens load: the History and Deleted buttons, its menu entries (Spanish). */
export default {
  audit: {
    history: {
      button: 'Historial',
    },
    deleted: {
      button: 'Eliminados',
    },
  },
  menus: {
    audit: 'Auditoría',
    'audit/audit-list': 'Registro de auditoría',
    'audit/history': 'Historial de registros',
    'audit/restore': 'Restaurar y recuperar',
  },
};
