import type { ResourceLabels } from '../labels';

/** English labels of "education". */
export default {
  name: 'Education |||| Educations',
  menu: 'Education',
  fields: { logo: 'Logo', title: 'Title', institute: 'Institute', description: 'Description', status: 'Status' },
} satisfies ResourceLabels;
