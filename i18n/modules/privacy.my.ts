/** The privacy module's words (issue 49): the subject access and erase buttons on a person's row, its menu entries (Burmese). */
export default {
  privacy: {
    subject_access: {
      button: 'သူ၏ဒေတာကို ထုတ်ယူရန် (ကိုယ်ရေးဒေတာ ရယူခွင့်)',
      done: '%{name} ၏ဒေတာကို ထုတ်ယူပြီးပါပြီ',
    },
    erase: {
      button: 'ဤလူကို ဖျက်ရန်',
      title: '%{name} ကို ဖျက်မလား။',
      body: 'သူ၏ ကိုယ်ရေးအကွက်များကို အစားထိုးမည်၊ ဓာတ်ပုံများကို ဖျက်မည်၊ ဆက်ရှင်များကို ပိတ်မည်။ စာရင်းစစ်မှတ်တမ်းတွင် မှတ်တမ်းများ ကျန်ရှိမည်ဖြစ်သော်လည်း သူ၏ ကိုယ်ရေးတန်ဖိုးများကို ဖတ်၍မရတော့ပါ။ ပြန်ပြင်၍ မရပါ၊ ပြန်ယူခြင်းဖြင့်လည်း မရပါ။',
      type_name: 'အတည်ပြုရန် %{name} ကို ရိုက်ထည့်ပါ',
      confirm: 'ဖျက်ရန်',
      done: '%{name} ကို ဖျက်ပြီးပါပြီ',
    },
  },
  menus: {
    privacy: 'ကိုယ်ရေးလုံခြုံမှု',
    'privacy/subject-access': 'ကိုယ်ရေးဒေတာ ရယူခွင့် ထုတ်ယူမှု',
    'privacy/erase': 'လူတစ်ဦးကို ဖျက်ခြင်း',
  },
};
