import type { ResourceLabels } from '../labels';
import { publishingLabels } from '../publishing';

/** Bangla labels of "education". */
export default {
  name: 'শিক্ষা |||| শিক্ষাসমূহ',
  menu: 'শিক্ষা',
  fields: {
    ...publishingLabels.bn,
    logo: 'লোগো',
    title: 'শিরোনাম',
    institute: 'প্রতিষ্ঠান',
    description: 'বিবরণ',
    status: 'অবস্থা',
  },
} satisfies ResourceLabels;
