import type { ResourceLabels } from '../labels';
import { publishingLabels } from '../publishing';

/** Burmese labels of "blog-videos" and of its menu group. */
export default {
  name: 'ဘလော့ဂ် ဗီဒီယို |||| ဘလော့ဂ် ဗီဒီယိုများ',
  menu: 'ဘလော့ဂ် ဗီဒီယိုများ',
  fields: {
    ...publishingLabels.my,
    thumbnail: 'နမူနာပုံ',
    title: 'ခေါင်းစဉ်',
    video_link: 'ဗီဒီယို လင့်ခ်',
    status: 'အခြေအနေ',
  },
} satisfies ResourceLabels;

/** The "blogs" menu group's name. */
export const menuGroup = 'ဘလော့ဂ်များ';
