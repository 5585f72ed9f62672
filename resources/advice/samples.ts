import type { Sample } from '../sample';

/** Sample records of "advice" (its descriptor is index.ts), inserted at first start for a demo (server-only: the console never imports it). */
const samples: readonly Sample[] = [
  {
    title: 'Keep your blood pressure in check',
    description: 'Measure your blood pressure at least once a month, cut down on salt and walk for 30 minutes a day.',
  },
  {
    title: 'Drink safe water',
    description: 'Boil or filter drinking water, especially during the monsoon, to avoid diarrhoea and typhoid.',
  },
  {
    title: 'Protect yourself from dengue',
    description: 'Remove standing water around your home every three days and use mosquito nets while sleeping.',
  },
  {
    title: 'Do not stop medicines on your own',
    description: 'Always consult your doctor before stopping blood pressure, diabetes or heart medicines.',
    status: 0,
  },
];

export default samples;
