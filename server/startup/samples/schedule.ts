import type { Sample } from './types';

/** Sample records of "schedule" (resources/schedule.ts), inserted at first start. */
export const schedule: readonly Sample[] = [
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
