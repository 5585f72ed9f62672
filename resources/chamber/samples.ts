import type { Sample } from '../sample';

/** Sample records of "chamber" (its descriptor is index.ts), inserted at first start for a demo (server-only: the console never imports it). */
const samples: readonly Sample[] = [
  {
    title: 'Green Life Medical Hospital, Dhanmondi',
    description: '<p>Room 405, 4th floor<br>House 32, Road 11, Dhanmondi, Dhaka</p><p><strong>Serial:</strong> +880 1711 000000</p>',
  },
  {
    title: 'Popular Diagnostic Centre, Shantinagar',
    description: '<p>Room 602, 6th floor<br>11/1 Shantinagar, Dhaka</p><p><strong>Serial:</strong> +880 1811 445566</p>',
  },
  {
    title: 'Labaid Specialized Hospital, Gulshan',
    description: '<p>Chamber 3, 2nd floor<br>Plot 10, Road 90, Gulshan 2, Dhaka</p>',
    status: 0,
  },
];

export default samples;
