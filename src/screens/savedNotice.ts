import type { RaRecord, useNotify } from 'react-admin';
import { sentForReview } from '../../dataProvider/review';

/**
 * The toast after a save: "Element updated", or, when the save became a change request (a
 * resource under a workflow, 202), the server's "Sent for review: ..." as information.
 */
export function notifySaved(notify: ReturnType<typeof useNotify>, message: string, record: RaRecord | undefined) {
  const review = sentForReview(record);
  if (review) notify(review.message || 'approvals.console.sent', { type: 'info' });
  else notify(message, { type: 'success', messageArgs: { smart_count: 1 } });
}
