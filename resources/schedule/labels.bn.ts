import type { ResourceLabels } from '../labels';
import { publishingLabels } from '../publishing';

/** Bangla labels of "schedule". */
export default {
  name: 'সময়সূচি |||| সময়সূচিসমূহ',
  menu: 'সময়সূচি',
  fields: {
    ...publishingLabels.bn,
    hospital: 'হাসপাতাল',
    day: 'দিন',
    visiting_hours: 'সাক্ষাতের সময়',
    url: 'ইউআরএল',
    logo: 'লোগো',
    status: 'অবস্থা',
  },
} satisfies ResourceLabels;
