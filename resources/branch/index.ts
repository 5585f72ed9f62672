import type { ResourceDescriptor } from '../types';

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
    { name: 'branch_code', kind: 'text', personal: 'none', required: true, unique: true, list: true, search: true, maxLength: 50 },
    { name: 'branch_name', kind: 'text', personal: 'none', required: true, list: true, search: true, maxLength: 150 },
    { name: 'branch_phone', kind: 'phone', personal: 'none', list: true, search: true, maxLength: 30 },
    { name: 'branch_email', kind: 'email', personal: 'none', list: true, search: true, maxLength: 150 },
    { name: 'branch_address', kind: 'longText', personal: 'none', list: true, wide: true },
    { name: 'branch_opening_date', kind: 'date', personal: 'none', default: 'today', list: true },
    { name: 'branch_status', kind: 'status', personal: 'none', default: 1, list: true },
  ],
} as const satisfies ResourceDescriptor;

export default branch;
