import type { ResourceLabels } from '../labels';

/** Bangla labels of "member". */
export default {
  name: 'সদস্যপদ |||| সদস্যপদসমূহ',
  menu: 'সদস্যপদ',
  fields: { logo: 'লোগো', title: 'শিরোনাম', url: 'ইউআরএল', status: 'অবস্থা' },
} satisfies ResourceLabels;
