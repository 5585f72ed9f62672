import { sql } from 'kysely';
import type { DynamicDb, Row } from '../db/database';
import type { ResourceDescriptor } from '../../resources';

/** One condition of a claim: a column compared with a value when the row is written (`is` for null). */
export type ClaimCondition = readonly [column: string, op: '=' | '<=' | '>=' | 'is', value: string | number | null];

/**
 * The service's one write that is no change of a record (the service's `claim`): the server's own
 * bookkeeping of a record (a due notice, claimed by the instance that pushes it). `set` is stored
 * on record `id` only if the row still meets every condition at the moment it is written, in one
 * conditional UPDATE, so of several instances (or connections) claiming it at once exactly one
 * does. Answers the row as stored, or undefined when another claim came first or the row no
 * longer meets the conditions.
 *
 * Only the columns the descriptor declares as its `bookkeeping` may be set, never a field: nothing
 * a read answers changes, so no policy is asked, the version does not step (a form opened before
 * the claim still saves) and the trail, which records the changes of records, has no entry for it.
 */
export async function claimRecord(
  db: DynamicDb,
  d: ResourceDescriptor,
  id: number,
  set: Row,
  when: readonly ClaimCondition[],
): Promise<Row | undefined> {
  const declared = new Set(d.bookkeeping ?? []);
  const columns = Object.keys(set);
  const undeclared = columns.filter((column) => !declared.has(column) || d.fields.some((f) => f.name === column));
  if (!columns.length || undeclared.length)
    throw new Error(`${d.name}: a claim sets declared bookkeeping columns only (not ${undeclared.join(', ') || 'nothing'})`);
  let claim = db.updateTable(d.table).set(set).where(sql.ref(d.idField), '=', id);
  for (const [column, op, value] of when) claim = claim.where(sql.ref(column), op, value);
  return claim.returningAll().executeTakeFirst();
}
