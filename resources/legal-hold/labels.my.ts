import type { ResourceLabels } from '../labels';

/** Burmese labels of "legal-hold". */
export default {
  name: 'ဥပဒေဆိုင်ရာ ထိန်းသိမ်းမှု |||| ဥပဒေဆိုင်ရာ ထိန်းသိမ်းမှုများ',
  menu: 'ဥပဒေဆိုင်ရာ ထိန်းသိမ်းမှုများ',
  choices: {
    hold_resource: {
      users: 'ဝန်ထမ်းအကောင့်',
      doctors: 'ဆရာဝန်',
      member: 'အဖွဲ့ဝင်',
      donation: 'အလှူရှင်',
    },
  },
  fields: {
    hold_resource: 'လူအမျိုးအစား',
    hold_record: 'မှတ်တမ်း အမှတ်',
    hold_reason: 'အကြောင်းရင်း',
    hold_status: 'အခြေအနေ',
  },
} satisfies ResourceLabels;
