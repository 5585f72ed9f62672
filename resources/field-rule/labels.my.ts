import type { ResourceLabels } from '../labels';

/** Burmese labels of "field-rule". */
export default {
  name: 'ကွက်လပ် စည်းမျဉ်း |||| ကွက်လပ် စည်းမျဉ်းများ',
  menu: 'ကွက်လပ် စည်းမျဉ်းများ',
  choices: {
    field_rule_level: {
      hidden: 'ဝှက်ထား',
      'read-only': 'ဖတ်ရန်သာ',
      editable: 'ပြင်နိုင်',
    },
  },
  fields: {
    field_rule_group: 'အုပ်စု',
    field_rule_user: 'အသုံးပြုသူ',
    field_rule_resource: 'အရင်းအမြစ်',
    field_rule_field: 'ကွက်လပ်',
    field_rule_level: 'အဆင့်',
    field_rule_status: 'အခြေအနေ',
  },
} satisfies ResourceLabels;

/** The "settings" menu group's name. */
export const menuGroup = 'ဆက်တင်များ';
