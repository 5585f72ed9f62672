import type { Sample } from './types';

/** Sample records of "member" (resources/member.ts), inserted at first start. */
export const member: readonly Sample[] = [
  { title: 'Bangladesh Medical Association', url: 'https://bma.org.bd', logo: 'BMA' },
  { title: 'Bangladesh Cardiac Society', url: 'https://bcs.org.bd', logo: 'BCS' },
  { title: 'Bangladesh College of Physicians and Surgeons', url: 'https://bcps.edu.bd', logo: 'BCPS' },
  { title: 'Asia Pacific Society of Cardiology', url: 'https://www.apscardio.org', logo: 'APSC', status: 0 },
];
