import type { Sample } from '../sample';

/** Sample records of "blog-photos" (its descriptor is index.ts), inserted at first start for a demo (server-only: the console never imports it). */
const samples: readonly Sample[] = [
  {
    title: 'Welcome to Green Life Medical Hospital',
    description: 'Our main building on Road 11, Dhanmondi.',
    type: 'Slider',
    thumbnail: 'Hospital front',
  },
  {
    title: 'State-of-the-art cardiac catheterisation lab',
    description: 'The new cath lab opened in January.',
    type: 'Slider',
    thumbnail: 'Cath lab',
  },
  {
    title: 'Free diabetes screening camp, Mirpur',
    description: 'Over 600 people were screened for blood sugar and blood pressure.',
    type: 'Campaign',
    thumbnail: 'Diabetes camp',
  },
  {
    title: 'Blood donation drive with Sandhani',
    description: 'Students and staff donated 140 bags of blood.',
    type: 'Campaign',
    thumbnail: 'Blood drive',
    status: 0,
  },
];

export default samples;
