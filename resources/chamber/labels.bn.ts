import type { ResourceLabels } from '../labels';
import { publishingLabels } from '../publishing';

/** Bangla labels of "chamber". */
export default {
  name: 'চেম্বার |||| চেম্বারসমূহ',
  menu: 'চেম্বারসমূহ',
  fields: {
    ...publishingLabels.bn,
    title: 'শিরোনাম',
    description: 'বিবরণ',
    logo: 'লোগো',
    status: 'অবস্থা',
  },
} satisfies ResourceLabels;
