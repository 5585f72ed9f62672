import type { Sample } from './types';

/** Sample records of "group" (resources/group.ts), inserted at first start. */
export const group: readonly Sample[] = [
  { group_code: 'ADMIN', group_name: 'Admin' },
  { group_code: 'BM', group_name: 'Branch Manager' },
  { group_code: 'PHARM', group_name: 'Pharmacist' },
];
