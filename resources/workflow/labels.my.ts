import type { ResourceLabels } from '../labels';

/** Burmese labels of "workflow". */
export default {
  name: 'အတည်ပြုလုပ်ငန်းစဉ် |||| အတည်ပြုလုပ်ငန်းစဉ်များ',
  menu: 'အတည်ပြုလုပ်ငန်းစဉ်များ',
  choices: { workflow_mode: { none: 'မရှိ', review: 'စစ်ဆေးခြင်း', 'four-eyes': 'လေးမျက်လုံး' } },
  fields: {
    workflow_resource: 'အရင်းအမြစ်',
    workflow_mode: 'ပုံစံ',
    workflow_groups: 'အတည်ပြုသူအုပ်စုများ',
    workflow_status: 'အခြေအနေ',
  },
} satisfies ResourceLabels;
