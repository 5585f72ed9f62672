import type { ResourceLabels } from '../labels';

/** Bangla labels of "advice". */
export default {
  name: 'পরামর্শ |||| পরামর্শসমূহ',
  menu: 'পরামর্শ',
  fields: { title: 'শিরোনাম', description: 'বিবরণ', logo: 'লোগো', status: 'অবস্থা' },
} satisfies ResourceLabels;
