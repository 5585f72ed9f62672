import type { ResourceLabels } from '../labels';
import { publishingLabels } from '../publishing';

/** English labels of "advice". */
export default {
  name: 'Advice |||| Advice',
  menu: 'Advice',
  fields: {
    ...publishingLabels.en,
    title: 'Title',
    description: 'Description',
    logo: 'Logo',
    status: 'Status',
  },
} satisfies ResourceLabels;
