import type { Sample } from './types';

/** Sample records of "hero-section" (resources/hero-section.ts), inserted at first start. */
export const heroSection: readonly Sample[] = [
  {
    title_1: 'Your Health, Our Priority',
    title_2: 'Trusted care for every family in Dhaka',
    specialist: 'Cardiology, Eye Care, Paediatrics & General Surgery',
    main_picture: 'Doctor with patient',
    left_picture: 'Reception',
    right_picture: 'Nurse',
  },
];
