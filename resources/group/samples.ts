import type { Sample } from '../sample';

/** Sample records of "group" (its descriptor is index.ts), inserted at first start for a demo (server-only: the console never imports it). */
const samples: readonly Sample[] = [
  { group_code: 'ADMIN', group_name: 'Admin' },
  { group_code: 'BM', group_name: 'Branch Manager' },
  { group_code: 'PHARM', group_name: 'Pharmacist' },
];

export default samples;
