import type { CompiledQuery } from 'kysely';
import type { Connection } from './connect';

/**
 * Runs a query that Kysely built and compiled once, with new parameters. On SQLite it goes
 * straight to a better-sqlite3 statement from the connection's cache (no driver mutex, no plugin pass: these are the
 * per-request reads); on PostgreSQL through Kysely as usual.
 */
export interface CompiledRunner {
  <R>(query: CompiledQuery<R>, parameters: readonly unknown[]): Promise<R[]>;
  /**
   * SQLite only: the first row, read at once (better-sqlite3 is synchronous), so that a read by id
   * needs neither a promise nor the array of every row; undefined on PostgreSQL.
   */
  readonly firstNow?: <R>(query: CompiledQuery<R>, parameters: readonly unknown[]) => R | undefined;
}

export function compiledRunner(conn: Connection): CompiledRunner {
  const prepare = conn.prepare;
  if (!prepare) {
    return async <R>(query: CompiledQuery<R>, parameters: readonly unknown[]) =>
      (await conn.db.executeQuery<R>({ ...query, parameters })).rows;
  }
  const run = async <R>(query: CompiledQuery<R>, parameters: readonly unknown[]) => prepare(query.sql).all(...parameters) as R[];
  return Object.assign(run, {
    firstNow: <R>(query: CompiledQuery<R>, parameters: readonly unknown[]) => prepare(query.sql).get(...parameters) as R | undefined,
  });
}
