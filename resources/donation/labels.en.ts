import type { ResourceLabels } from '../labels';

/** English labels of "donation". */
export default {
  name: 'Donation |||| Donations',
  menu: 'Donations',
  fields: { thumbnail: 'Thumbnail', title: 'Title', description: 'Description', status: 'Status' },
} satisfies ResourceLabels;
