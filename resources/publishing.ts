import type { Field, Scheduled } from './types';

/**
 * Scheduled publishing of the public website's content (issue 48, point 4), declared once: a
 * website descriptor spreads `publishingFields` into its fields and `scheduledContent` into
 * itself. The record is served by the public website API only while it is active, its publish-at
 * has come (or is empty) and its expire-at has not (or is empty); the schedule module
 * (server/modules/schedule) records each publication and expiry in the audit trail exactly once.
 * Notices declare the same with their own due date as publish-at (resources/notification.ts).
 */
export const publishingFields = [
  // Dates of the content, not of a person (a doctor's or member's profile spreads them too).
  { name: 'publish_at', kind: 'datetime', personal: 'none' },
  { name: 'expire_at', kind: 'datetime', personal: 'none' },
] as const satisfies readonly Field[];

/** The bookkeeping columns the scheduler claims: the date each mark recorded (see Scheduled). */
export const scheduledContent = {
  scheduled: { publishAt: 'publish_at', expireAt: 'expire_at', published: 'published_for', expired: 'expired_for' },
  bookkeeping: ['published_for', 'expired_for'],
} as const satisfies { scheduled: Scheduled; bookkeeping: readonly string[] };

/** The two fields' labels, in each catalogue's language, spread into the entities' label files. */
export const publishingLabels = {
  en: { publish_at: 'Publish at', expire_at: 'Expire at' },
  bn: { publish_at: 'প্রকাশের সময়', expire_at: 'মেয়াদ শেষের সময়' },
  es: { publish_at: 'Publicar el', expire_at: 'Caduca el' },
  my: { publish_at: 'ထုတ်ပြန်မည့်အချိန်', expire_at: 'သက်တမ်းကုန်မည့်အချိန်' },
} as const;

/** Where a scheduled record stands at `now` (wall-clock `YYYY-MM-DD HH:mm:ss` in the server's zone). */
export type PublicationState = 'scheduled' | 'live' | 'expired';

export function publicationState(
  row: Readonly<Record<string, unknown>>,
  s: Pick<Scheduled, 'publishAt' | 'expireAt'>,
  now: string,
): PublicationState {
  const from = row[s.publishAt];
  const until = row[s.expireAt];
  if (typeof until === 'string' && until !== '' && until <= now) return 'expired';
  if (typeof from === 'string' && from !== '' && from > now) return 'scheduled';
  return 'live';
}
