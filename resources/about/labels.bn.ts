import type { ResourceLabels } from '../labels';
import { publishingLabels } from '../publishing';

/** Bangla labels of "about" and of its menu group. */
export default {
  name: 'আমাদের সম্পর্কে |||| আমাদের সম্পর্কে',
  menu: 'হাসপাতাল পরিচিতি',
  fields: {
    ...publishingLabels.bn,
    title: 'শিরোনাম',
    sub_title: 'উপশিরোনাম',
    description: 'বিবরণ',
    short_description: 'সংক্ষিপ্ত বিবরণ',
    description_quote: 'বিবরণের উদ্ধৃতি',
    why_choose_us: 'কেন আমাদের বেছে নেবেন',
    appointment_phone: 'সাক্ষাতের ফোন',
    others_phone: 'অন্য ফোন',
    appointment_email: 'সাক্ষাতের ইমেইল',
    others_email: 'অন্য ইমেইল',
    address: 'ঠিকানা',
    about_video: 'পরিচিতি ভিডিও',
    facebook_link: 'ফেসবুক লিংক',
    twitter_link: 'টুইটার লিংক',
    linkedin_link: 'লিংকডইন লিংক',
    youtube_link: 'ইউটিউব লিংক',
    logo: 'লোগো',
    logo_icon: 'লোগো আইকন',
    picture_1: 'ছবি ১',
    picture_2: 'ছবি ২',
  },
} satisfies ResourceLabels;

/** The "website" menu group's name. */
export const menuGroup = 'ওয়েবসাইট';
