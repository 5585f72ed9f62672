import type { ResourceLabels } from '../labels';
import { publishingLabels } from '../publishing';

/** English labels of "chamber". */
export default {
  name: 'Chamber |||| Chambers',
  menu: 'Chambers',
  fields: {
    ...publishingLabels.en,
    title: 'Title',
    description: 'Description',
    logo: 'Logo',
    status: 'Status',
  },
} satisfies ResourceLabels;
