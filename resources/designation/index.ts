import type { ResourceDescriptor } from '../types';

export const designation = {
  name: 'designation',
  api: { prefix: 'designation', body: 'json' },
  table: 'designation',
  idField: 'designation_id',
  statusField: 'designation_status',
  titleField: 'designation_name',
  codeField: 'designation_code',
  menu: { group: 'designation', icon: 'Badge', aliases: ['/designation/designation-list'], position: 4 },
  dialog: 'sm',
  fields: [
    { name: 'designation_code', kind: 'text', personal: 'none', required: true, unique: true, list: true, search: true, maxLength: 50 },
    { name: 'designation_name', kind: 'text', personal: 'none', required: true, list: true, search: true, maxLength: 150 },
    { name: 'designation_status', kind: 'status', personal: 'none', default: 1, list: true },
  ],
} as const satisfies ResourceDescriptor;

export default designation;
