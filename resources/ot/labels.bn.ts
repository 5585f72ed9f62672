import type { ResourceLabels } from '../labels';

/** Bangla labels of "ot" and of its menu group. */
export default {
  name: 'অপারেশন থিয়েটার |||| অপারেশন থিয়েটার',
  menu: 'অপারেশন থিয়েটার',
  fields: {
    picture: 'ছবি',
    title: 'শিরোনাম',
    short_description: 'সংক্ষিপ্ত বিবরণ',
    description: 'বিবরণ',
    status: 'অবস্থা',
  },
} satisfies ResourceLabels;

/** The "services" menu group's name. */
export const menuGroup = 'সেবা';
