import type { RaRecord } from 'react-admin';
import type { ApiRecord } from './records';

/**
 * A save of a resource under a workflow (issue 48, docs/approvals.md) answers 202 "Sent for
 * review": the record is not changed and the answer's data is the change request. The data
 * provider still answers the mutation with a record (react-admin needs one: the record as it was),
 * and remembers here, by that object, what the server said, so the form can show the server's
 * message as information instead of "Element updated".
 */
export interface SentForReview {
  message: string;
  request: ApiRecord;
}

const sent = new WeakMap<object, SentForReview>();

/** The HTTP status of a save that became a change request. */
export const SENT_FOR_REVIEW_STATUS = 202;

export function markSentForReview<T extends object>(record: T, review: SentForReview): T {
  sent.set(record, review);
  return record;
}

/** What the server said when the save answered by this record was sent for review (undefined: it was saved). */
export function sentForReview(record: RaRecord | undefined): SentForReview | undefined {
  return record ? sent.get(record) : undefined;
}
