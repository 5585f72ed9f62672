import type { ResourceLabels } from '../labels';
import { publishingLabels } from '../publishing';

/** Burmese labels of "education". */
export default {
  name: 'ပညာရေး |||| ပညာရေး',
  menu: 'ပညာရေး',
  fields: {
    ...publishingLabels.my,
    logo: 'လိုဂို',
    title: 'ခေါင်းစဉ်',
    institute: 'တက္ကသိုလ်/ကျောင်း',
    description: 'ဖော်ပြချက်',
    status: 'အခြေအနေ',
  },
} satisfies ResourceLabels;
