import type { ResourceLabels } from '../labels';

/** English labels of "workflow". */
export default {
  name: 'Workflow |||| Workflows',
  menu: 'Workflows',
  choices: { workflow_mode: { none: 'None', review: 'Review', 'four-eyes': 'Four eyes' } },
  fields: {
    workflow_resource: 'Resource',
    workflow_mode: 'Mode',
    workflow_groups: 'Approver groups',
    workflow_status: 'Status',
  },
} satisfies ResourceLabels;
