import type { ResourceLabels } from '../labels';
import { publishingLabels } from '../publishing';

/** English labels of "experience". */
export default {
  name: 'Experience |||| Experiences',
  menu: 'Experience',
  fields: {
    ...publishingLabels.en,
    logo: 'Logo',
    title: 'Title',
    description: 'Description',
    status: 'Status',
  },
} satisfies ResourceLabels;
