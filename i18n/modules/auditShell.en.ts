/** The audit trail's words shown before its screens load: the History and Deleted buttons, its menu entries (English). */
export default {
  audit: {
    history: {
      button: 'History',
    },
    deleted: {
      button: 'Deleted',
    },
  },
  menus: {
    audit: 'Audit',
    'audit/audit-list': 'Audit Log',
    'audit/history': 'Record History',
    'audit/restore': 'Restore and Undelete',
  },
};
