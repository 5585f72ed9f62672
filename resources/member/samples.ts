import type { Sample } from '../sample';

/** Sample records of "member" (its descriptor is index.ts), inserted at first start for a demo (server-only: the console never imports it). */
const samples: readonly Sample[] = [
  { title: 'Bangladesh Medical Association', url: 'https://bma.org.bd', logo: 'BMA' },
  { title: 'Bangladesh Cardiac Society', url: 'https://bcs.org.bd', logo: 'BCS' },
  { title: 'Bangladesh College of Physicians and Surgeons', url: 'https://bcps.edu.bd', logo: 'BCPS' },
  { title: 'Asia Pacific Society of Cardiology', url: 'https://www.apscardio.org', logo: 'APSC', status: 0 },
];

export default samples;
