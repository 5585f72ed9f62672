import type { ResourceLabels } from '../labels';

/** Burmese labels of "change-request". */
export default {
  name: 'ပြောင်းလဲမှုတောင်းဆိုချက် |||| ပြောင်းလဲမှုတောင်းဆိုချက်များ',
  menu: 'ပြောင်းလဲမှုတောင်းဆိုချက်များ',
  choices: {
    change_request_state: { pending: 'စောင့်ဆိုင်းဆဲ', approved: 'အတည်ပြုပြီး', rejected: 'ပယ်ချပြီး', stale: 'ခေတ်နောက်ကျ' },
    change_request_action: { create: 'ဖန်တီး', update: 'ပြင်ဆင်', delete: 'ဖျက်' },
    change_request_mode: { review: 'စစ်ဆေးခြင်း', 'four-eyes': 'လေးမျက်လုံး' },
  },
  fields: {
    change_request_resource: 'အရင်းအမြစ်',
    change_request_record: 'မှတ်တမ်း',
    change_request_action: 'လုပ်ဆောင်ချက်',
    change_request_body: 'တောင်းဆိုသောပြောင်းလဲမှု',
    change_request_base_version: 'အခြေခံဗားရှင်း',
    change_request_author: 'ရေးသူ',
    change_request_author_name: 'ရေးသူ',
    change_request_state: 'အခြေအနေ',
    change_request_mode: 'ပုံစံ',
    change_request_needed: 'လိုအပ်သောအတည်ပြုချက်',
    change_request_approvals: 'ဆုံးဖြတ်ချက်များ',
    change_request_why: 'အကြောင်းရင်း',
    change_request_decided_at: 'ဆုံးဖြတ်ချိန်',
    change_request_status: 'ဖွင့်ထားသည်',
  },
} satisfies ResourceLabels;
