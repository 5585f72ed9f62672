import type { ResourceLabels } from '../labels';

/** Bangla labels of "education". */
export default {
  name: 'শিক্ষা |||| শিক্ষাসমূহ',
  menu: 'শিক্ষা',
  fields: { logo: 'লোগো', title: 'শিরোনাম', institute: 'প্রতিষ্ঠান', description: 'বিবরণ', status: 'অবস্থা' },
} satisfies ResourceLabels;
