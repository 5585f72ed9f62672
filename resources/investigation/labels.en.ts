import type { ResourceLabels } from '../labels';

/** English labels of "investigation". */
export default {
  name: 'Investigation |||| Investigations',
  menu: 'Investigations',
  fields: {
    picture: 'Picture',
    title: 'Title',
    short_description: 'Short Description',
    description: 'Description',
    status: 'Status',
  },
} satisfies ResourceLabels;
