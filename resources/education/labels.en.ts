import type { ResourceLabels } from '../labels';
import { publishingLabels } from '../publishing';

/** English labels of "education". */
export default {
  name: 'Education |||| Educations',
  menu: 'Education',
  fields: {
    ...publishingLabels.en,
    logo: 'Logo',
    title: 'Title',
    institute: 'Institute',
    description: 'Description',
    status: 'Status',
  },
} satisfies ResourceLabels;
