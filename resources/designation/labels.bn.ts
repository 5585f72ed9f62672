import type { ResourceLabels } from '../labels';

/** Bangla labels of "designation" and of its menu group. */
export default {
  name: 'পদবি |||| পদবিসমূহ',
  menu: 'পদবিসমূহ',
  fields: { designation_code: 'কোড', designation_name: 'নাম', designation_status: 'অবস্থা' },
} satisfies ResourceLabels;

/** The "designation" menu group's name. */
export const menuGroup = 'পদবিসমূহ';
