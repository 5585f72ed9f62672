import type { ResourceLabels } from '../labels';
import { publishingLabels } from '../publishing';

/** Burmese labels of "member". */
export default {
  name: 'အဖွဲ့ဝင်အဖြစ် |||| အဖွဲ့ဝင်အဖြစ်များ',
  menu: 'အဖွဲ့ဝင်အဖြစ်များ',
  fields: {
    ...publishingLabels.my,
    logo: 'လိုဂို',
    title: 'ခေါင်းစဉ်',
    url: 'URL',
    status: 'အခြေအနေ',
  },
} satisfies ResourceLabels;
