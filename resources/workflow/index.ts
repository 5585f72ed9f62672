import type { ResourceDescriptor } from '../types';

/**
 * Workflows (issue 48): per resource, or for the pseudo resource `access` (group permissions,
 * per-user grants, the menus' groups, workflows themselves), whether a save goes live at once
 * (`none`), after one approver other than the author (`review`) or after two distinct approvers,
 * neither the author (`four-eyes`); and which groups may approve (a JSON list of group ids). The
 * module server/modules/approvals checks the names and groups, and gates the one write path with
 * what is stored here. Only active workflows count. Changing one is an access change.
 */
export const workflow = {
  name: 'workflow',
  api: { prefix: 'workflow', body: 'json' },
  table: 'workflow',
  idField: 'workflow_id',
  statusField: 'workflow_status',
  titleField: 'workflow_resource',
  menu: { group: 'settings', icon: 'AccountTree', position: 91 },
  dialog: 'sm',
  importable: false,
  fields: [
    {
      name: 'workflow_resource',
      kind: 'text',
      personal: 'none',
      required: true,
      unique: true,
      list: true,
      search: true,
      filter: true,
      maxLength: 100,
    },
    {
      name: 'workflow_mode',
      kind: 'choice',
      personal: 'none',
      choices: ['none', 'review', 'four-eyes'],
      default: 'review',
      required: true,
      list: true,
      filter: true,
    },
    {
      name: 'workflow_groups',
      kind: 'text',
      personal: 'none',
      list: true,
      maxLength: 500,
      default: '[]',
      pattern: { regex: '^\\s*\\[\\s*(\\d+\\s*(,\\s*\\d+\\s*)*)?\\]\\s*$', message: 'must be a JSON list of group ids, e.g. [3,5]' },
    },
    { name: 'workflow_status', kind: 'status', personal: 'none', default: 1, list: true },
  ],
} as const satisfies ResourceDescriptor;

export default workflow;
