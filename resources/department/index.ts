import type { ResourceDescriptor } from '../types';

export const department = {
  name: 'department',
  api: { prefix: 'department', body: 'json' },
  table: 'department',
  idField: 'department_id',
  statusField: 'department_status',
  titleField: 'department_name',
  codeField: 'department_code',
  menu: { group: 'department', icon: 'Apartment', aliases: ['/departments', '/department/department-list'], position: 5 },
  dialog: 'sm',
  fields: [
    { name: 'department_code', kind: 'text', personal: 'none', required: true, unique: true, list: true, search: true, maxLength: 50 },
    { name: 'department_name', kind: 'text', personal: 'none', required: true, list: true, search: true, maxLength: 150 },
    { name: 'department_status', kind: 'status', personal: 'none', default: 1, list: true },
  ],
} as const satisfies ResourceDescriptor;

export default department;
