/** လမ်းညွှန်မီနူး၏ မူလ မီနူးများ၊ menu_slug အလိုက် (menus.en.ts ကို ကြည့်ပါ)။ */
export default {
  menus: {
    notification: 'အသိပေးချက်များ',
    'notification/notification-list': 'အသိပေးချက်များ စီမံခြင်း',
    'settings/menu-setup': 'မီနူး ပြင်ဆင်ခြင်း',
    // Permissions that are no screens, as the permission trees show them.
    'menu/menu-list': 'မီနူး: စာရင်း',
    'menu/get-menu': 'မီနူး: ကြည့်ရန်',
    'menu/menu-create': 'မီနူး: ဖန်တီးရန်',
    'menu/menu-update': 'မီနူး: ပြင်ဆင်ရန်',
    'menu/menu-delete': 'မီနူး: ဖျက်ရန်',
    'permission/permission-create': 'အဖွဲ့ ခွင့်ပြုချက်များ',
    'permission/permission-create-user': 'အသုံးပြုသူ ခွင့်ပြုချက်များ',
    'notification/get-notification': 'အသိပေးချက်များ: ကြည့်ရန်',
    'notification/notification-create': 'အသိပေးချက်များ: ဖန်တီးရန်',
    'notification/notification-update': 'အသိပေးချက်များ: ပြင်ဆင်ရန်',
    'notification/notification-delete': 'အသိပေးချက်များ: ဖျက်ရန်',
    // Sign-in through the hospital's directory (server/modules/directory/menus.ts).
    'directory/settings': 'လမ်းညွှန်ဖြင့် ဝင်ရောက်ခြင်း',
    'directory/scim-tokens': 'SCIM တိုကင်များ',
  },
};
