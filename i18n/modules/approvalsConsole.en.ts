/**
 * The approvals' console words in English (issue 48): the "Pending review" badge, the reviewers'
 * queue and a request's page, the live notices and the bell, the workflow form's choices.
 */
export default {
  approvals: {
    console: {
      sent: 'Sent for review',
      pending_badge: 'Pending review',
      access: 'Access (permissions, grants, menus, workflows)',
      review_title: 'Change request %{id}',
      back: 'Back to the change requests',
      summary: '%{author} asks: %{action} %{resource} (record %{record})',
      approvals_count: 'Approvals: %{done} of %{needed}',
      decision: { approve: 'Approved by %{name}', reject: 'Rejected by %{name}' },
      diff: 'Changes against the live record',
      live_record: 'Live record',
      asked: 'Asked for',
      no_changes: 'This request changes nothing in the live record.',
      comment: 'Comment (optional)',
      approve: 'Approve',
      reject: 'Reject',
      rebase: 'Rebase',
      own: 'This is your request: another approver decides it.',
      stale: 'The record has changed since this request was made; its author must rebase it.',
      stale_author: 'The record has changed since you made this request: rebase it to send it for review again.',
      open_request: 'Open change request %{id}',
      bell: '%{smart_count} change request waits for review |||| %{smart_count} change requests wait for review',
      live: {
        pending: 'A change request waits for your review: %{why}',
        approved: 'Your change request was approved and applied: %{why}',
        rejected: 'Your change request was rejected: %{why}',
        stale: 'Your change request is stale: rebase it (%{why})',
      },
    },
  },
};
