import type { ResourceLabels } from '../labels';

/** English labels of "change-request". */
export default {
  name: 'Change request |||| Change requests',
  menu: 'Change requests',
  choices: {
    change_request_state: { pending: 'Pending', approved: 'Approved', rejected: 'Rejected', stale: 'Stale' },
    change_request_action: { create: 'Create', update: 'Update', delete: 'Delete' },
    change_request_mode: { review: 'Review', 'four-eyes': 'Four eyes' },
  },
  fields: {
    change_request_resource: 'Resource',
    change_request_record: 'Record',
    change_request_action: 'Action',
    change_request_body: 'Changes asked for',
    change_request_base_version: 'Base version',
    change_request_author: 'Author',
    change_request_author_name: 'Author',
    change_request_state: 'State',
    change_request_mode: 'Mode',
    change_request_needed: 'Approvals needed',
    change_request_approvals: 'Decisions',
    change_request_why: 'Why',
    change_request_decided_at: 'Decided at',
    change_request_status: 'Open',
  },
} satisfies ResourceLabels;
