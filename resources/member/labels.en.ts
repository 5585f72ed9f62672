import type { ResourceLabels } from '../labels';

/** English labels of "member". */
export default {
  name: 'Member |||| Members',
  menu: 'Members',
  fields: { logo: 'Logo', title: 'Title', url: 'URL', status: 'Status' },
} satisfies ResourceLabels;
