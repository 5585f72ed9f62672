import type { Sample } from '../sample';

/** Sample records of "designation" (its descriptor is index.ts), inserted at first start for a demo (server-only: the console never imports it). */
const samples: readonly Sample[] = [
  { designation_code: 'CMO', designation_name: 'Chief Medical Officer' },
  { designation_code: 'SN', designation_name: 'Senior Nurse' },
  { designation_code: 'PH', designation_name: 'Pharmacist' },
  { designation_code: 'RCP', designation_name: 'Receptionist' },
];

export default samples;
