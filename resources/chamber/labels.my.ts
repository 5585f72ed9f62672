import type { ResourceLabels } from '../labels';
import { publishingLabels } from '../publishing';

/** Burmese labels of "chamber". */
export default {
  name: 'ဆေးခန်း |||| ဆေးခန်းများ',
  menu: 'ဆေးခန်းများ',
  fields: {
    ...publishingLabels.my,
    title: 'ခေါင်းစဉ်',
    description: 'ဖော်ပြချက်',
    logo: 'လိုဂို',
    status: 'အခြေအနေ',
  },
} satisfies ResourceLabels;
