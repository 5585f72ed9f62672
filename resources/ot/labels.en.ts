import type { ResourceLabels } from '../labels';

/** English labels of "ot" and of its menu group. */
export default {
  name: 'Operation Theatre |||| Operation Theatre',
  menu: 'Operation theatres',
  fields: {
    picture: 'Picture',
    title: 'Title',
    short_description: 'Short Description',
    description: 'Description',
    status: 'Status',
  },
} satisfies ResourceLabels;

/** The "services" menu group's name. */
export const menuGroup = 'Services';
