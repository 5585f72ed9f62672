import type { ResourceLabels } from '../labels';

/** English labels of "blog-photos". */
export default {
  name: 'Blog Photo |||| Blog Photos',
  menu: 'Blog photos',
  choices: { type: { Slider: 'Slider', Campaign: 'Campaign' } },
  fields: { thumbnail: 'Picture', title: 'Title', description: 'Description', type: 'Type', status: 'Status' },
} satisfies ResourceLabels;
