import type { Sample } from '../sample';

/** Sample records of "experience" (its descriptor is index.ts), inserted at first start for a demo (server-only: the console never imports it). */
const samples: readonly Sample[] = [
  {
    title: 'Senior Consultant, Cardiology',
    description: 'Green Life Medical Hospital, Dhaka (2020 - present). Leads the interventional cardiology team.',
    logo: 'Green Life',
  },
  {
    title: 'Associate Professor of Cardiology',
    description: 'National Institute of Cardiovascular Diseases (NICVD), Dhaka (2014 - 2020).',
    logo: 'NICVD',
  },
  { title: 'Registrar, Department of Medicine', description: 'Dhaka Medical College Hospital (2009 - 2014).', logo: 'DMCH' },
  { title: 'Medical Officer', description: 'Upazila Health Complex, Savar (2006 - 2009).', logo: 'UHC Savar', status: 0 },
];

export default samples;
