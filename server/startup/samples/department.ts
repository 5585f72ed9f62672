import type { Sample } from './types';

/** Sample records of "department" (resources/department.ts), inserted at first start. */
export const department: readonly Sample[] = [
  { department_code: 'CARD', department_name: 'Cardiology' },
  { department_code: 'OPH', department_name: 'Ophthalmology' },
  { department_code: 'PED', department_name: 'Paediatrics' },
  { department_code: 'ORTH', department_name: 'Orthopaedics' },
];
