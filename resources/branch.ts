import type { ResourceDescriptor } from './types';

export const branch = {
  name: 'branch',
  api: { prefix: 'branch', body: 'json' },
  table: 'branch',
  idField: 'branch_id',
  statusField: 'branch_status',
  titleField: 'branch_name',
  codeField: 'branch_code',
  menu: { group: 'branch', icon: 'AccountTree', aliases: ['/branch/branch-list'], position: 2 },
  fields: [
    { name: 'branch_code', kind: 'text', required: true, unique: true, list: true, search: true, maxLength: 50 },
    { name: 'branch_name', kind: 'text', required: true, list: true, search: true, maxLength: 150 },
    { name: 'branch_phone', kind: 'phone', list: true, search: true, maxLength: 30 },
    { name: 'branch_email', kind: 'email', list: true, search: true, maxLength: 150 },
    { name: 'branch_address', kind: 'longText', list: true, wide: true },
    { name: 'branch_opening_date', kind: 'date', default: 'today', list: true },
    { name: 'branch_status', kind: 'status', default: 1, list: true },
  ],
  seed: [
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
  ],
} as const satisfies ResourceDescriptor;
