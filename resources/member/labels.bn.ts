import type { ResourceLabels } from '../labels';
import { publishingLabels } from '../publishing';

/** Bangla labels of "member". */
export default {
  name: 'সদস্যপদ |||| সদস্যপদসমূহ',
  menu: 'সদস্যপদ',
  fields: {
    ...publishingLabels.bn,
    logo: 'লোগো',
    title: 'শিরোনাম',
    url: 'ইউআরএল',
    status: 'অবস্থা',
  },
} satisfies ResourceLabels;
