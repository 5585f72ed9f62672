/** নেভিগেশনের নিজস্ব মেনু, menu_slug অনুযায়ী (menus.en.ts দেখুন)। */
export default {
  menus: {
    notification: 'বিজ্ঞপ্তি',
    'notification/notification-list': 'বিজ্ঞপ্তি ব্যবস্থাপনা',
    'settings/menu-setup': 'মেনু সেটআপ',
    // Permissions that are no screens, as the permission trees show them.
    'menu/menu-list': 'মেনু: তালিকা',
    'menu/get-menu': 'মেনু: দেখা',
    'menu/menu-create': 'মেনু: তৈরি',
    'menu/menu-update': 'মেনু: সম্পাদনা',
    'menu/menu-delete': 'মেনু: মুছে ফেলা',
    'permission/permission-create': 'গ্রুপের অনুমতি',
    'permission/permission-create-user': 'ব্যবহারকারীর অনুমতি',
    'notification/get-notification': 'বিজ্ঞপ্তি: দেখা',
    'notification/notification-create': 'বিজ্ঞপ্তি: তৈরি',
    'notification/notification-update': 'বিজ্ঞপ্তি: সম্পাদনা',
    'notification/notification-delete': 'বিজ্ঞপ্তি: মুছে ফেলা',
    // Sign-in through the hospital's directory (server/modules/directory/menus.ts).
    'directory/settings': 'ডিরেক্টরি দিয়ে সাইন-ইন',
    'directory/scim-tokens': 'SCIM টোকেন',
  },
};
