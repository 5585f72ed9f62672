import type { ResourceLabels } from '../labels';
import { publishingLabels } from '../publishing';

/** Burmese labels of "schedule". */
export default {
  name: 'အချိန်ဇယား |||| အချိန်ဇယားများ',
  menu: 'အချိန်ဇယားများ',
  fields: {
    ...publishingLabels.my,
    hospital: 'ဆေးရုံ',
    day: 'နေ့',
    visiting_hours: 'လူနာတွေ့ချိန်',
    url: 'URL',
    logo: 'လိုဂို',
    status: 'အခြေအနေ',
  },
} satisfies ResourceLabels;
