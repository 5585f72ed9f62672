import type { ResourceLabels } from '../labels';
import { publishingLabels } from '../publishing';

/** Bangla labels of "blog-videos" and of its menu group. */
export default {
  name: 'ব্লগ ভিডিও |||| ব্লগ ভিডিওসমূহ',
  menu: 'ব্লগ ভিডিও',
  fields: {
    ...publishingLabels.bn,
    thumbnail: 'থাম্বনেইল',
    title: 'শিরোনাম',
    video_link: 'ভিডিও লিংক',
    status: 'অবস্থা',
  },
} satisfies ResourceLabels;

/** The "blogs" menu group's name. */
export const menuGroup = 'ব্লগ';
