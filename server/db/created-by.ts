import type { Row } from './database';

/**
 * Who created a record: the actor's user id, 0 for the server's own writes (the first start's
 * samples) and for records created before the column existed. A column of every table the additive
 * sync owns (not of a migration's table: users), stamped by the service on create, read by the
 * row rule "records I created" (server/modules/field-rules). Bookkeeping, never answered: the
 * rows as the API answers them leave it out (server/crud/read/shape.ts).
 */
export const CREATED_BY = 'created_by';

/** Whether the descriptor's table carries the column (the sync creates it; a migration's table does not). */
export const hasCreatedBy = (d: { migrationTable?: boolean }): boolean => !d.migrationTable;

/** The column's value for a create by `actorId` (undefined: the server's own write). */
export const createdByOf = (actorId: number | undefined): Row => ({ [CREATED_BY]: actorId ?? 0 });
