import { sql, type ExpressionBuilder } from 'kysely';
import type { DynamicDb, DynamicTables, Row } from '../../db/database';
import type { ClaimCondition } from '../../crud/claim';
import type { CrudService } from '../../crud/service';
import type { ResourceDescriptor, Scheduled } from '../../../resources';
import { descriptorSnapshot } from '../audit/changes';
import type { Trail } from '../audit/trail';

/**
 * The due actions of scheduled records (issue 48, point 4): a record's publication when its
 * publish-at comes and its expiry when its expire-at comes, each recorded once in the audit trail
 * by the scheduler. Whether a record is public is worked out from its dates whenever it is read
 * (public-routes.ts, the notices' inbox), so nothing is late to the second; what runs when an
 * action falls due is its record: the service's `claim` of the record's bookkeeping mark, and the
 * trail entry in the same transaction. Of several instances exactly one claims each action (one
 * conditional UPDATE, see server/crud/claim.ts), and a killed instance's claim rolls back with
 * its transaction, for another to take.
 */
export type ScheduleAction = 'publish' | 'expire';

/** The scheduler's name in the trail: the actor of every publish and expire entry. */
export const SCHEDULER = 'scheduler';

/** How many due records one look claims per action at most; the next look takes the rest at once. */
export const BATCH = 200;

export interface DueAction {
  d: ResourceDescriptor & { scheduled: Scheduled };
  action: ScheduleAction;
}

/** A claimed action: the record as stored after the claim, and when the scheduler looked. */
export interface Claimed extends DueAction {
  row: Row;
  now: string;
}

/** Every scheduled resource's two actions, publications first (a record that fell due for both while the instances were down is published, then expired). */
export function dueActions(descriptors: readonly ResourceDescriptor[]): DueAction[] {
  const scheduled = descriptors.filter((d): d is DueAction['d'] => d.scheduled !== undefined);
  return [...scheduled.map((d) => ({ d, action: 'publish' as const })), ...scheduled.map((d) => ({ d, action: 'expire' as const }))];
}

type Eb = ExpressionBuilder<DynamicTables, string>;
const ref = (column: string) => sql.ref(column);
const set = (eb: Eb, column: string) => eb.and([eb(ref(column), 'is not', null), eb(ref(column), '<>', '')]);
const unset = (eb: Eb, column: string) => eb.or([eb(ref(column), 'is', null), eb(ref(column), '=', '')]);

/**
 * The rows an action waits on, due or not: active; the date set; not yet marked for this date
 * (a `once` publication: not marked at all). A publication whose expire-at is not after it never
 * goes live, and is neither published nor expired.
 */
function waiting(a: DueAction) {
  const s = a.d.scheduled;
  const [at, mark] = a.action === 'publish' ? [s.publishAt, s.published] : [s.expireAt, s.expired];
  const other = a.action === 'publish' ? s.expireAt : s.publishAt;
  return (eb: Eb) =>
    eb.and([
      ...(a.d.statusField ? [eb(ref(a.d.statusField), '=', 1)] : []),
      set(eb, at),
      a.action === 'publish' && s.publishedMark === 'once'
        ? eb(ref(mark), 'is', null)
        : eb.or([eb(ref(mark), 'is', null), eb(ref(mark), '<>', ref(at))]),
      eb.or([unset(eb, other), a.action === 'publish' ? eb(ref(other), '>', ref(at)) : eb(ref(other), '<', ref(at))]),
      // An expiry follows its publication in the trail: a record that became due for both at once
      // (written with both dates past, while a look was between its two passes) waits for the
      // publication's entry to commit. One with no publish-at was live from its creation.
      ...(a.action === 'expire'
        ? [
            s.publishedMark === 'once'
              ? eb(ref(s.published), 'is not', null)
              : eb.or([unset(eb, s.publishAt), eb(ref(s.published), '=', ref(s.publishAt))]),
          ]
        : []),
    ]);
}

const dateOf = (a: DueAction) => (a.action === 'publish' ? a.d.scheduled.publishAt : a.d.scheduled.expireAt);
const markOf = (a: DueAction) => (a.action === 'publish' ? a.d.scheduled.published : a.d.scheduled.expired);

/** The earliest date an action waits for (due or not), to plan the next look. */
export async function nextDate(db: DynamicDb, a: DueAction): Promise<string | undefined> {
  const row = await db
    .selectFrom(a.d.table)
    .select((eb) => eb.fn.min(ref(dateOf(a))).as('next'))
    .where(waiting(a))
    .executeTakeFirst();
  const next = (row as { next?: unknown } | undefined)?.next;
  return typeof next === 'string' ? next : undefined;
}

/**
 * Claims the action on every record due at `now` and records it, each in a transaction of its
 * own (claim and entry commit together). The claim names the values the row was read with: a
 * record whose date was moved, or that another instance claimed, in between is left alone.
 */
export async function claimDue(crud: CrudService, db: DynamicDb, trail: Trail, a: DueAction, now: string): Promise<Claimed[]> {
  const at = dateOf(a);
  const mark = markOf(a);
  const once = a.action === 'publish' && a.d.scheduled.publishedMark === 'once';
  const due = (await db
    .selectFrom(a.d.table)
    .select([ref(a.d.idField).as('id'), ref(at).as('at'), ref(mark).as('mark'), ref(a.d.scheduled.published).as('published')])
    .where(waiting(a))
    .where(ref(at), '<=', now)
    .orderBy(ref(at))
    .limit(BATCH)
    .execute()) as { id: number; at: string; mark: string | null; published: string | null }[];
  const claimed: Claimed[] = [];
  for (const { id, at: value, mark: seen, published } of due) {
    const when: ClaimCondition[] = [[at, '=', value], [mark, 'is', null], ...(a.d.statusField ? [[a.d.statusField, '=', 1] as const] : [])];
    if (seen !== null && !once) when[1] = [mark, '=', seen];
    // The publication read as recorded is still the one recorded (not moved back to pending since).
    if (a.action === 'expire' && published !== null) when.push([a.d.scheduled.published, '=', published]);
    // A notice's mark is when it was pushed; a content record's is the date it recorded, so a
    // date moved later is recorded again when it comes.
    const stamp = once ? new Date().toISOString() : value;
    const row = await crud.claim(a.d, id, { [mark]: stamp }, when, async (trx, stored) => {
      const scope = a.d.branchScope;
      await trail.record(trx, {
        action: a.action,
        resource: a.d.name,
        record: id,
        branch: scope ? Number(stored[scope]) : null,
        by: SCHEDULER,
        changes: { [at]: { after: value } },
        snapshot: descriptorSnapshot(a.d, stored),
      });
    });
    if (row) claimed.push({ ...a, row, now });
  }
  return claimed;
}
