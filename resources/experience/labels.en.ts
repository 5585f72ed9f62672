import type { ResourceLabels } from '../labels';

/** English labels of "experience". */
export default {
  name: 'Experience |||| Experiences',
  menu: 'Experience',
  fields: { logo: 'Logo', title: 'Title', description: 'Description', status: 'Status' },
} satisfies ResourceLabels;
