import type { Sample } from '../sample';

/** Sample records of "education" (its descriptor is index.ts), inserted at first start for a demo (server-only: the console never imports it). */
const samples: readonly Sample[] = [
  {
    title: 'MBBS',
    institute: 'Dhaka Medical College',
    description: 'Bachelor of Medicine and Bachelor of Surgery, University of Dhaka, 2005.',
    logo: 'DMC',
  },
  {
    title: 'FCPS (Medicine)',
    institute: 'Bangladesh College of Physicians and Surgeons',
    description: 'Fellowship in Internal Medicine, 2011.',
    logo: 'BCPS',
  },
  {
    title: 'MD (Cardiology)',
    institute: 'Bangabandhu Sheikh Mujib Medical University',
    description: 'Doctor of Medicine in Cardiology, 2014.',
    logo: 'BSMMU',
  },
  { title: 'Fellowship in Interventional Cardiology', institute: 'National Heart Centre Singapore', logo: 'NHCS', status: 0 },
];

export default samples;
