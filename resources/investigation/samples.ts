import type { Sample } from '../sample';

/** Sample records of "investigation" (its descriptor is index.ts), inserted at first start for a demo (server-only: the console never imports it). */
const samples: readonly Sample[] = [
  {
    title: '3 Tesla MRI',
    picture: 'MRI scanner',
    short_description: 'Brain, spine and joint imaging with a wide-bore 3T scanner.',
    description: '<p>Reports within 24 hours. Please bring previous reports and remove all metal objects.</p>',
  },
  {
    title: '128-slice CT Scan',
    picture: 'CT scanner',
    short_description: 'CT angiogram, chest and abdominal scans.',
    description: '<p>Low-dose protocols; <strong>serum creatinine</strong> is required before contrast studies.</p>',
  },
  {
    title: 'Echocardiography & ETT',
    picture: 'Echo room',
    short_description: 'Colour Doppler echo and exercise tolerance test.',
    description: '<p>Performed by consultant cardiologists, Saturday to Thursday.</p>',
  },
  {
    title: 'Pathology & Biochemistry',
    picture: 'Pathology lab',
    short_description: 'Blood, urine and hormone tests with same-day reports.',
    description: '<p>Sample collection from 7:00 AM; home collection available in Dhaka city.</p>',
    status: 0,
  },
];

export default samples;
