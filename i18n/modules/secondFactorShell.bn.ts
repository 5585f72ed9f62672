/** The second factor's words shown before its screens load: the sign-in page's passkey button, the profile menu's Lock, the group form's fields (Bangla). */
export default {
  second_factor: {
    passkeys: {
      sign_in: 'পাসকি দিয়ে সাইন ইন করুন',
      failed: 'পাসকি ব্যবহার হয়নি',
    },
    lock: {
      menu: 'লক করুন',
    },
  },
  resources: {
    group: { fields: { group_second_factor: 'দ্বিতীয় ধাপ বাধ্যতামূলক', group_second_factor_grace_days: 'অতিরিক্ত সময় (দিন)' } },
  },
};
