/**
 * The approvals' words in English (issue 48): the audit log's names of a change request's
 * decisions, the catalogue's names of the decide slugs, and the explainer's reasons (the server
 * says them in English; these are their translations for the console).
 */
export default {
  audit: {
    actions: {
      submit: 'Submitted for review',
      approve: 'Approved',
      reject: 'Rejected',
      rebase: 'Rebased',
    },
  },
  menus: {
    'change-request/change-request-approve': 'Approve Change Requests',
    'change-request/change-request-reject': 'Reject Change Requests',
    'change-request/change-request-rebase': 'Rebase Change Requests',
  },
  approvals: {
    review: '%{resource} changes need review by %{groups}',
    four_eyes: '%{resource} changes need two approvals from %{groups}',
    access: 'Access changes',
    sent: 'Sent for review',
  },
};
