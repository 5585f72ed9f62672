/** The audit trail's words shown before its screens load: the History and Deleted buttons, its menu entries (Burmese). */
export default {
  audit: {
    history: {
      button: 'သမိုင်း',
    },
    deleted: {
      button: 'ဖျက်ထားသည်',
    },
  },
  menus: {
    audit: 'စစ်ဆေးမှု',
    'audit/audit-list': 'စစ်ဆေးမှတ်တမ်း',
    'audit/history': 'မှတ်တမ်းသမိုင်း',
    'audit/restore': 'ပြန်ယူခြင်းနှင့် ပြန်ဖော်ခြင်း',
  },
};
