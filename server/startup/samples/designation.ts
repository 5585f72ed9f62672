import type { Sample } from './types';

/** Sample records of "designation" (resources/designation.ts), inserted at first start. */
export const designation: readonly Sample[] = [
  { designation_code: 'CMO', designation_name: 'Chief Medical Officer' },
  { designation_code: 'SN', designation_name: 'Senior Nurse' },
  { designation_code: 'PH', designation_name: 'Pharmacist' },
  { designation_code: 'RCP', designation_name: 'Receptionist' },
];
