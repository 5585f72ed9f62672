import type { ResourceLabels } from '../labels';

/** English labels of "legal-hold". */
export default {
  name: 'Legal hold |||| Legal holds',
  menu: 'Legal holds',
  choices: {
    hold_resource: {
      users: 'Staff account',
      doctors: 'Doctor',
      member: 'Member',
      donation: 'Donor',
    },
  },
  fields: {
    hold_resource: 'Kind of person',
    hold_record: 'Record id',
    hold_reason: 'Reason',
    hold_status: 'Status',
  },
} satisfies ResourceLabels;
