import type SQLite from 'better-sqlite3';
import type { CompiledQuery } from 'kysely';
import type { Connection } from './connect';

/**
 * Runs a query that Kysely built and compiled once, with new parameters. On SQLite it goes
 * straight to a cached better-sqlite3 statement (no driver mutex, no plugin pass: these are the
 * per-request reads); on PostgreSQL through Kysely as usual.
 */
export type CompiledRunner = <R>(query: CompiledQuery<R>, parameters: readonly unknown[]) => Promise<R[]>;

export function compiledRunner(conn: Connection): CompiledRunner {
  const sqlite = conn.sqlite;
  if (!sqlite) {
    return async <R>(query: CompiledQuery<R>, parameters: readonly unknown[]) =>
      (await conn.db.executeQuery<R>({ ...query, parameters })).rows;
  }
  const statements = new Map<string, SQLite.Statement<unknown[]>>();
  return async <R>(query: CompiledQuery<R>, parameters: readonly unknown[]) => {
    let statement = statements.get(query.sql);
    if (!statement) {
      statement = sqlite.prepare<unknown[]>(query.sql);
      statements.set(query.sql, statement);
    }
    return statement.all(...parameters) as R[];
  };
}
