import type { ResourceLabels } from '../labels';

/** Bangla labels of "investigation". */
export default {
  name: 'পরীক্ষা-নিরীক্ষা |||| পরীক্ষা-নিরীক্ষাসমূহ',
  menu: 'পরীক্ষা-নিরীক্ষা',
  fields: {
    picture: 'ছবি',
    title: 'শিরোনাম',
    short_description: 'সংক্ষিপ্ত বিবরণ',
    description: 'বিবরণ',
    status: 'অবস্থা',
  },
} satisfies ResourceLabels;
