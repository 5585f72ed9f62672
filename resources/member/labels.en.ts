import type { ResourceLabels } from '../labels';
import { publishingLabels } from '../publishing';

/** English labels of "member". */
export default {
  name: 'Member |||| Members',
  menu: 'Members',
  fields: {
    ...publishingLabels.en,
    logo: 'Logo',
    title: 'Title',
    url: 'URL',
    status: 'Status',
  },
} satisfies ResourceLabels;
