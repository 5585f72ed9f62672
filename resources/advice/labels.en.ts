import type { ResourceLabels } from '../labels';

/** English labels of "advice". */
export default {
  name: 'Advice |||| Advice',
  menu: 'Advice',
  fields: { title: 'Title', description: 'Description', logo: 'Logo', status: 'Status' },
} satisfies ResourceLabels;
