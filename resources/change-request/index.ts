import type { ResourceDescriptor } from '../types';

/**
 * Change requests (issue 48): a create, update or delete of a resource under a workflow, kept
 * instead of the change until approvers decide it. Written only by server/modules/approvals
 * through the one write path (its policy refuses every other write); read through the generated
 * list and get routes; decided by the declared actions approve, reject and rebase.
 * `change_request_body` is the fields asked for (JSON), `change_request_base_version` the record's
 * version the author saw (the apply is checked against it), `change_request_approvals` the
 * decisions so far (JSON: user_id, user_name, decision, comment, at).
 */
export const changeRequest = {
  name: 'change-request',
  api: { prefix: 'change-request', body: 'json' },
  table: 'change_request',
  idField: 'change_request_id',
  titleField: 'change_request_why',
  statusField: 'change_request_status',
  menu: { group: 'settings', icon: 'AccountTree', position: 92 },
  importable: false,
  fields: [
    {
      name: 'change_request_resource',
      kind: 'text',
      personal: 'none',
      required: true,
      list: true,
      filter: true,
      search: true,
      maxLength: 100,
    },
    { name: 'change_request_record', kind: 'integer', personal: 'none', default: 0, min: 0, list: true, filter: true },
    {
      name: 'change_request_action',
      kind: 'choice',
      personal: 'none',
      choices: ['create', 'update', 'delete'],
      required: true,
      list: true,
      filter: true,
    },
    { name: 'change_request_body', kind: 'longText', personal: 'personal', default: '{}' },
    { name: 'change_request_base_version', kind: 'text', personal: 'none', maxLength: 100, default: '' },
    // Plain ids, as the notices keep theirs: a request never keeps its author from being deleted.
    { name: 'change_request_author', kind: 'integer', personal: 'personal', default: 0, min: 0, list: true, filter: true },
    { name: 'change_request_author_name', kind: 'text', personal: 'personal', maxLength: 250, default: '', list: true },
    {
      name: 'change_request_state',
      kind: 'choice',
      personal: 'none',
      choices: ['pending', 'approved', 'rejected', 'stale'],
      default: 'pending',
      required: true,
      list: true,
      filter: true,
    },
    { name: 'change_request_mode', kind: 'choice', personal: 'none', choices: ['review', 'four-eyes'], default: 'review', list: true },
    { name: 'change_request_needed', kind: 'integer', personal: 'none', default: 1, min: 1, max: 2 },
    { name: 'change_request_approvals', kind: 'longText', personal: 'personal', default: '[]' },
    { name: 'change_request_why', kind: 'text', personal: 'none', maxLength: 500, default: '', list: true, search: true },
    { name: 'change_request_decided_at', kind: 'text', personal: 'none', maxLength: 40, default: '', list: true },
    // Open (1) while the request waits (pending or stale), 0 once decided: the queue's filter.
    { name: 'change_request_status', kind: 'status', personal: 'none', default: 1, list: true },
  ],
} as const satisfies ResourceDescriptor;

export default changeRequest;
