import type { Sample } from '../sample';

/** Sample records of "branch" (its descriptor is index.ts), inserted at first start for a demo (server-only: the console never imports it). */
const samples: readonly Sample[] = [
  {
    branch_code: 'DHK-01',
    branch_name: 'Dhanmondi Main Hospital',
    branch_phone: '+880 2 9661551',
    branch_email: 'dhanmondi@hospital.local',
    branch_address: 'House 12, Road 7, Dhanmondi, Dhaka',
    branch_opening_date: '2015-03-01',
  },
  {
    branch_code: 'CTG-01',
    branch_name: 'Chattogram Eye Care Centre',
    branch_phone: '+880 31 2850011',
    branch_email: 'chattogram@hospital.local',
    branch_address: '45 CDA Avenue, Chattogram',
    branch_opening_date: '2019-09-15',
  },
  {
    branch_code: 'SYL-01',
    branch_name: 'Sylhet Pharmacy Outlet',
    branch_phone: '+880 821 720099',
    branch_email: 'sylhet@hospital.local',
    branch_address: 'Zindabazar, Sylhet',
    branch_opening_date: '2022-01-10',
    branch_status: 0,
  },
];

export default samples;
