import type { ResourceLabels } from '../labels';
import { publishingLabels } from '../publishing';

/** Burmese labels of "advice". */
export default {
  name: 'အကြံပြုချက် |||| အကြံပြုချက်များ',
  menu: 'အကြံပြုချက်များ',
  fields: {
    ...publishingLabels.my,
    title: 'ခေါင်းစဉ်',
    description: 'ဖော်ပြချက်',
    logo: 'လိုဂို',
    status: 'အခြေအနေ',
  },
} satisfies ResourceLabels;
