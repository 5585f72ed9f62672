/** The second factor's words shown before its screens load: the sign-in page's passkey button, the profile menu's Lock, the group form's fields (Burmese). */
export default {
  second_factor: {
    passkeys: {
      sign_in: 'ဖြတ်သန်းသော့ဖြင့် ဝင်ရန်',
      failed: 'ဖြတ်သန်းသော့ကို မသုံးခဲ့ပါ',
    },
    lock: {
      menu: 'သော့ခတ်ရန်',
    },
  },
  resources: {
    group: { fields: { group_second_factor: 'ဒုတိယအဆင့် လိုအပ်သည်', group_second_factor_grace_days: 'ခွင့်ပြုကာလ (ရက်)' } },
  },
};
