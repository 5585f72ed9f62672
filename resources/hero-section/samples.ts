import type { Sample } from '../sample';

/** Sample records of "hero-section" (its descriptor is index.ts), inserted at first start for a demo (server-only: the console never imports it). */
const samples: readonly Sample[] = [
  {
    title_1: 'Your Health, Our Priority',
    title_2: 'Trusted care for every family in Dhaka',
    specialist: 'Cardiology, Eye Care, Paediatrics & General Surgery',
    main_picture: 'Doctor with patient',
    left_picture: 'Reception',
    right_picture: 'Nurse',
  },
];

export default samples;
