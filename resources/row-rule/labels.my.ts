import type { ResourceLabels } from '../labels';

/** Burmese labels of "row-rule". */
export default {
  name: 'အတန်း စည်းမျဉ်း |||| အတန်း စည်းမျဉ်းများ',
  menu: 'အတန်း စည်းမျဉ်းများ',
  choices: {
    row_rule_kind: {
      'own-branch': 'ကိုယ်ပိုင် ဌာနခွဲ',
      'created-by-me': 'ကိုယ်တိုင် ဖန်တီးသော မှတ်တမ်းများ',
      'status-in': 'အခြေအနေ ပါဝင်',
      'reference-in': 'ရည်ညွှန်းချက် ပါဝင်',
    },
  },
  fields: {
    row_rule_group: 'အုပ်စု',
    row_rule_user: 'အသုံးပြုသူ',
    row_rule_resource: 'အရင်းအမြစ်',
    row_rule_kind: 'စည်းမျဉ်း',
    row_rule_field: 'ကွက်လပ်',
    row_rule_values: 'တန်ဖိုးများ',
    row_rule_status: 'အခြေအနေ',
  },
} satisfies ResourceLabels;
