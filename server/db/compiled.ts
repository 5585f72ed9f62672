import { performance } from 'node:perf_hooks';
import type { CompiledQuery } from 'kysely';
import type { Connection } from './connect';

/**
 * Runs a query that Kysely built and compiled once, with new parameters. On SQLite it goes
 * straight to a better-sqlite3 statement from the connection's cache (no driver mutex, no plugin pass: these are the
 * per-request reads); on PostgreSQL through Kysely as usual. When queries are timed (metrics,
 * traces), these reads are too (`Connection.queryDone`).
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
  const done = conn.queryDone;
  if (!done) {
    const run = async <R>(query: CompiledQuery<R>, parameters: readonly unknown[]) => prepare(query.sql).all(...parameters) as R[];
    return Object.assign(run, {
      firstNow: <R>(query: CompiledQuery<R>, parameters: readonly unknown[]) => prepare(query.sql).get(...parameters) as R | undefined,
    });
  }
  // Timed (metrics or traces on): counted in the database time and, with tracing on, a span, as a
  // query through Kysely is. Two clock readings around a synchronous call, nothing more.
  const timed = <T>(sql: string, read: () => T): T => {
    const start = performance.now();
    try {
      const answer = read();
      done(sql, start, false);
      return answer;
    } catch (error) {
      done(sql, start, true);
      throw error;
    }
  };
  const run = async <R>(query: CompiledQuery<R>, parameters: readonly unknown[]) =>
    timed(query.sql, () => prepare(query.sql).all(...parameters) as R[]);
  return Object.assign(run, {
    // The by-id read of every get-one: written out, without a closure per call.
    firstNow: <R>(query: CompiledQuery<R>, parameters: readonly unknown[]) => {
      const start = performance.now();
      try {
        const row = prepare(query.sql).get(...parameters) as R | undefined;
        done(query.sql, start, false);
        return row;
      } catch (error) {
        done(query.sql, start, true);
        throw error;
      }
    },
  });
}
