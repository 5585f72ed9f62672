import type { ResourceLabels } from '../labels';
import { publishingLabels } from '../publishing';

/** English labels of "blog-videos" and of its menu group. */
export default {
  name: 'Blog Video |||| Blog Videos',
  menu: 'Blog videos',
  fields: {
    ...publishingLabels.en,
    thumbnail: 'Thumbnail',
    title: 'Title',
    video_link: 'Video Link',
    status: 'Status',
  },
} satisfies ResourceLabels;

/** The "blogs" menu group's name. */
export const menuGroup = 'Blogs';
