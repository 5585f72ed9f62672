import type { Sample } from '../sample';

/** Sample records of "schedule" (its descriptor is index.ts), inserted at first start for a demo (server-only: the console never imports it). */
const samples: readonly Sample[] = [
  {
    hospital: 'Green Life Medical Hospital, Dhanmondi',
    day: 'Saturday - Wednesday',
    visiting_hours: '5:00 PM - 9:00 PM',
    url: 'https://greenlifehospital.com.bd',
  },
  {
    hospital: 'Popular Diagnostic Centre, Shantinagar',
    day: 'Thursday',
    visiting_hours: '3:00 PM - 8:00 PM',
    url: 'https://www.populardiagnostic.com',
  },
  {
    hospital: 'Labaid Specialized Hospital, Gulshan',
    day: 'Friday',
    visiting_hours: '10:00 AM - 1:00 PM',
    url: 'https://www.labaidgroup.com',
    status: 0,
  },
];

export default samples;
