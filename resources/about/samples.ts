import type { Sample } from '../sample';

/** Sample records of "about" (its descriptor is index.ts), inserted at first start for a demo (server-only: the console never imports it). */
const samples: readonly Sample[] = [
  {
    title: 'Green Life Medical Hospital',
    sub_title: 'Compassionate care, modern medicine',
    description:
      'Green Life Medical Hospital has served Dhaka since 2005 with 250 beds, round-the-clock emergency care and specialist departments in cardiology, ophthalmology, paediatrics and general surgery.',
    short_description: 'A 250-bed multidisciplinary hospital in Dhanmondi, Dhaka, open 24 hours a day.',
    description_quote: 'Every patient deserves to be treated like family.',
    why_choose_us: [
      {
        title: '24/7 Emergency',
        description: 'Emergency physicians, ambulance service and an intensive care unit available day and night.',
      },
      {
        title: 'Experienced Specialists',
        description: 'More than 80 consultants trained at leading medical colleges in Bangladesh and abroad.',
      },
      {
        title: 'Modern Diagnostics',
        description: 'In-house MRI, 128-slice CT scan and an accredited pathology laboratory with same-day reports.',
      },
    ],
    appointment_phone: '+880 1711 000000',
    others_phone: '+880 2 9670210',
    appointment_email: 'appointment@hospital.local',
    others_email: 'info@hospital.local',
    address: 'House 32, Road 11 (new), Dhanmondi, Dhaka 1209, Bangladesh',
    about_video: 'https://www.youtube.com/watch?v=Gl7xH0sPq2M',
    facebook_link: 'https://www.facebook.com/greenlifehospital',
    twitter_link: 'https://twitter.com/greenlifehosp',
    linkedin_link: 'https://www.linkedin.com/company/greenlifehospital',
    youtube_link: 'https://www.youtube.com/@greenlifehospital',
    logo: 'Logo',
    logo_icon: 'Logo icon',
    picture_1: 'Hospital building',
    picture_2: 'Care team',
  },
];

export default samples;
