/** Notifications: administration, the inbox and the real-time connection (Burmese). */
export default {
  notifications: {
    title: 'အသိပေးချက်များ',
    bell: 'အသိပေးချက်များ: မဖတ်ရသေးသော %{smart_count} ခု',
    inbox: 'ကျွန်ုပ်၏ အသိပေးချက်များ',
    latest: 'နောက်ဆုံး အသိပေးချက်များ',
    empty: 'အသိပေးချက် မရှိပါ',
    mark_all_read: 'အားလုံးကို ဖတ်ပြီးအဖြစ် မှတ်မည်',
    show_all: 'အားလုံးကြည့်ရန်',
    close: 'ပိတ်မည်',
    read: 'ဖတ်ပြီး',
    unread: 'မဖတ်ရသေး',
    toast: 'အသိပေးချက်အသစ်: %{title}',
    restarting: 'ဆာဗာ ပြန်လည်စတင်နေသည်၊ ပြန်လည်ချိတ်ဆက်နေသည်…',
    reconnecting: 'ချိတ်ဆက်မှု ပြတ်တောက်သွားသည်၊ ပြန်လည်ချိတ်ဆက်နေသည်…',
    types: { All: 'အားလုံး', Group: 'အဖွဲ့', User: 'အသုံးပြုသူ' },
  },
  menu: { notification: 'အသိပေးချက်' },
  resources: {
    notification: {
      name: 'အသိပေးချက် |||| အသိပေးချက်များ',
      fields: {
        notification_date: 'ရက်စွဲ',
        notification_expire_at: 'သက်တမ်းကုန်မည့်အချိန်',
        notification_title: 'ခေါင်းစဉ်',
        notification_description: 'အကြောင်းအရာ',
        notification_type: 'အမျိုးအစား',
        notification_user: 'အသုံးပြုသူ',
        notification_group: 'အဖွဲ့',
        notification_status: 'အခြေအနေ',
      },
    },
  },
};
