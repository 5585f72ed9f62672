import type { ResourceLabels } from '../labels';
import { publishingLabels } from '../publishing';

/** Burmese labels of "experience". */
export default {
  name: 'အတွေ့အကြုံ |||| အတွေ့အကြုံများ',
  menu: 'အတွေ့အကြုံများ',
  fields: {
    ...publishingLabels.my,
    logo: 'လိုဂို',
    title: 'ခေါင်းစဉ်',
    description: 'ဖော်ပြချက်',
    status: 'အခြေအနေ',
  },
} satisfies ResourceLabels;
