import type { ResourceLabels } from '../labels';
import { publishingLabels } from '../publishing';

/** Spanish labels of "blog-videos" and of its menu group. */
export default {
  name: 'Vídeo del blog |||| Vídeos del blog',
  menu: 'Vídeos del blog',
  fields: {
    ...publishingLabels.es,
    thumbnail: 'Miniatura',
    title: 'Título',
    video_link: 'Enlace del vídeo',
    status: 'Estado',
  },
} satisfies ResourceLabels;

/** The "blogs" menu group's name. */
export const menuGroup = 'Blog';
