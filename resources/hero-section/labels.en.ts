import type { ResourceLabels } from '../labels';
import { publishingLabels } from '../publishing';

/** English labels of "hero-section". */
export default {
  name: 'Hero Section |||| Hero Section',
  menu: 'Hero section',
  fields: {
    ...publishingLabels.en,
    title_1: 'Title 1',
    title_2: 'Title 2',
    specialist: 'Specialist',
    main_picture: 'Main Picture',
    left_picture: 'Left Picture',
    right_picture: 'Right Picture',
  },
} satisfies ResourceLabels;
