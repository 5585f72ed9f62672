import type { ResourceLabels } from '../labels';
import { publishingLabels } from '../publishing';

/** Bangla labels of "doctors" and of its menu group. */
export default {
  name: 'চিকিৎসক |||| চিকিৎসকগণ',
  menu: 'চিকিৎসকগণ',
  fields: {
    ...publishingLabels.bn,
    picture: 'ছবি',
    name: 'নাম',
    title: 'উপাধি',
    doctor_department: 'বিভাগ',
    short_description: 'সংক্ষিপ্ত বিবরণ',
    description: 'বিবরণ',
    degrees: 'ডিগ্রি',
    degree_name: 'ডিগ্রির নাম',
    institiute: 'প্রতিষ্ঠান',
    experience: 'অভিজ্ঞতা',
    designation: 'পদবি',
    organigation: 'সংস্থা',
    durations: 'মেয়াদ',
    appointment: 'সাক্ষাতের সময়',
    days: 'দিন',
    times: 'সময়',
    contact: 'যোগাযোগ',
    phone: 'ফোন',
    email: 'ইমেইল',
    status: 'অবস্থা',
  },
} satisfies ResourceLabels;

/** The "doctors" menu group's name. */
export const menuGroup = 'চিকিৎসকগণ';
