/** The privacy module's words (issue 49): the subject access button on a person's row, its menu entries (Burmese). */
export default {
  privacy: {
    subject_access: {
      button: 'သူ၏ဒေတာကို ထုတ်ယူရန် (ကိုယ်ရေးဒေတာ ရယူခွင့်)',
      done: '%{name} ၏ဒေတာကို ထုတ်ယူပြီးပါပြီ',
    },
  },
  menus: {
    privacy: 'ကိုယ်ရေးလုံခြုံမှု',
    'privacy/subject-access': 'ကိုယ်ရေးဒေတာ ရယူခွင့် ထုတ်ယူမှု',
  },
};
