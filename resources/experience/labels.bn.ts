import type { ResourceLabels } from '../labels';
import { publishingLabels } from '../publishing';

/** Bangla labels of "experience". */
export default {
  name: 'অভিজ্ঞতা |||| অভিজ্ঞতাসমূহ',
  menu: 'অভিজ্ঞতা',
  fields: {
    ...publishingLabels.bn,
    logo: 'লোগো',
    title: 'শিরোনাম',
    description: 'বিবরণ',
    status: 'অবস্থা',
  },
} satisfies ResourceLabels;
