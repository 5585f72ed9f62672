import type { Sample } from '../sample';

/** Sample records of "department" (its descriptor is index.ts), inserted at first start for a demo (server-only: the console never imports it). */
const samples: readonly Sample[] = [
  { department_code: 'CARD', department_name: 'Cardiology' },
  { department_code: 'OPH', department_name: 'Ophthalmology' },
  { department_code: 'PED', department_name: 'Paediatrics' },
  { department_code: 'ORTH', department_name: 'Orthopaedics' },
];

export default samples;
