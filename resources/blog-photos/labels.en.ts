import type { ResourceLabels } from '../labels';
import { publishingLabels } from '../publishing';

/** English labels of "blog-photos". */
export default {
  name: 'Blog Photo |||| Blog Photos',
  menu: 'Blog photos',
  choices: { type: { Slider: 'Slider', Campaign: 'Campaign' } },
  fields: {
    ...publishingLabels.en,
    thumbnail: 'Picture',
    title: 'Title',
    description: 'Description',
    type: 'Type',
    status: 'Status',
  },
} satisfies ResourceLabels;
