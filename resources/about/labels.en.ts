import type { ResourceLabels } from '../labels';
import { publishingLabels } from '../publishing';

/** English labels of "about" and of its menu group. */
export default {
  name: 'About |||| About',
  menu: 'About the hospital',
  fields: {
    ...publishingLabels.en,
    title: 'Title',
    sub_title: 'Sub Title',
    description: 'Description',
    short_description: 'Short Description',
    description_quote: 'Description Quote',
    why_choose_us: 'Why Choose Us',
    appointment_phone: 'Appointment Phone',
    others_phone: 'Other Phone',
    appointment_email: 'Appointment Email',
    others_email: 'Other Email',
    address: 'Address',
    about_video: 'About Video',
    facebook_link: 'Facebook Link',
    twitter_link: 'Twitter Link',
    linkedin_link: 'LinkedIn Link',
    youtube_link: 'YouTube Link',
    logo: 'Logo',
    logo_icon: 'Logo Icon',
    picture_1: 'Picture 1',
    picture_2: 'Picture 2',
  },
} satisfies ResourceLabels;

/** The "website" menu group's name. */
export const menuGroup = 'Website';
