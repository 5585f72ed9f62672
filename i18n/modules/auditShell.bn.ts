/** The audit trail's words shown before its screens load: the History and Deleted buttons, its menu entries (Bangla). */
export default {
  audit: {
    history: {
      button: 'ইতিহাস',
    },
    deleted: {
      button: 'মুছে ফেলা',
    },
  },
  menus: {
    audit: 'অডিট',
    'audit/audit-list': 'অডিট লগ',
    'audit/history': 'রেকর্ডের ইতিহাস',
    'audit/restore': 'পুনরুদ্ধার ও ফিরিয়ে আনা',
  },
};
