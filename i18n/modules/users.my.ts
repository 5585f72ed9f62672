/** အသုံးပြုသူများ စာမျက်နှာ (spec 000 sections 2, 3 and 5). */
export default {
  users: {
    select_branch: 'ဌာနခွဲ ရွေးချယ်ပါ',
    all_branches: 'ဌာနခွဲအားလုံး',
    permissions: 'ခွင့်ပြုချက်များ',
    permissions_of: '%{name} ၏ ခွင့်ပြုချက်များ',
    permissions_read_only: '%{name} တွင် သင့်မှာ မရှိသော ခွင့်ပြုချက်များ ရှိသဖြင့် ဤနေရာတွင် ကြည့်ရှုနိုင်သော်လည်း ပြောင်းလဲ၍ မရပါ။',
    strength: { label: 'ခိုင်မာမှု', very_weak: 'အလွန်အားနည်း', weak: 'အားနည်း', fair: 'သင့်တင့်', good: 'ကောင်း', strong: 'ခိုင်မာ' },
  },
};
