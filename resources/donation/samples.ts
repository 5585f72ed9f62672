import type { Sample } from '../sample';

/** Sample records of "donation" (its descriptor is index.ts), inserted at first start for a demo (server-only: the console never imports it). */
const samples: readonly Sample[] = [
  {
    title: 'Free cataract surgery for 100 elderly patients',
    description: 'Your donation of Tk 8,000 covers one cataract operation, lens and follow-up care for a patient in need.',
    thumbnail: 'Cataract surgery',
  },
  {
    title: "Children's heart surgery fund",
    description: 'Helping families who cannot afford surgery for congenital heart disease.',
    thumbnail: 'Child heart care',
  },
  {
    title: 'Flood relief medical camps in Sylhet',
    description: 'Medicines, oral saline and doctors for families affected by the floods.',
    thumbnail: 'Flood relief',
  },
  {
    title: 'Winter blanket drive 2023',
    description: "Blankets and warm clothes distributed to patients' families in the hospital.",
    thumbnail: 'Blanket drive',
    status: 0,
  },
];

export default samples;
