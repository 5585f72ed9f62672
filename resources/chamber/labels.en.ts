import type { ResourceLabels } from '../labels';

/** English labels of "chamber". */
export default {
  name: 'Chamber |||| Chambers',
  menu: 'Chambers',
  fields: { title: 'Title', description: 'Description', logo: 'Logo', status: 'Status' },
} satisfies ResourceLabels;
