import type { ResourceLabels } from '../labels';

/** Bangla labels of "donation". */
export default {
  name: 'অনুদান |||| অনুদানসমূহ',
  menu: 'অনুদান',
  fields: { thumbnail: 'থাম্বনেইল', title: 'শিরোনাম', description: 'বিবরণ', status: 'অবস্থা' },
} satisfies ResourceLabels;
