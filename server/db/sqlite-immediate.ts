import { performance } from 'node:perf_hooks';
import { CompiledQuery, SqliteDialect, SqliteDriver, type DatabaseConnection, type Driver, type SqliteDialectConfig } from 'kysely';

/**
 * Kysely's SQLite driver begins every transaction with a plain (deferred) BEGIN: the write lock is
 * only asked for at the transaction's first write. A transaction that read first and then finds
 * the lock held by another connection (a command-line task or a second server on the same file)
 * gets SQLITE_BUSY at once, without the busy timeout, since waiting could deadlock. BEGIN
 * IMMEDIATE asks for the lock before anything is read, so it waits for it like any other
 * statement. This process has one writer connection, whose transactions are writes, so nothing
 * is lost.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  readonly #timed?: QueryDone;
  #wrapped?: DatabaseConnection;
  constructor(config: SqliteDialectConfig, timed?: QueryDone) {
    super(config);
    this.#timed = timed;
  }
  override async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await super.acquireConnection();
    const timed = this.#timed;
    if (!timed || this.#wrapped === connection) return connection;
    // SQLite has one connection, and better-sqlite3 runs a statement synchronously inside
    // executeQuery: the query's time is read around that call, with no promise of its own (Kysely's
    // log hook would add several awaits to every query; bench/OBSERVABILITY.md).
    const execute = connection.executeQuery.bind(connection);
    connection.executeQuery = <R>(query: CompiledQuery) => {
      const start = performance.now();
      try {
        const answer = execute<R>(query);
        timed(query.sql, start, false);
        return answer;
      } catch (error) {
        timed(query.sql, start, true);
        throw error;
      }
    };
    this.#wrapped = connection;
    return connection;
  }
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

/** Told each query's start (`performance.now()`) once it has run; see connect.ts. */
export type QueryDone = (sql: string, startMs: number, failed: boolean) => void;

/** `timed`: every query through Kysely is timed and told to it (metrics, traces); unset, nothing is added. */
export class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  readonly #timed?: QueryDone;
  constructor(config: SqliteDialectConfig, timed?: QueryDone) {
    super(config);
    this.#config = config;
    this.#timed = timed;
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config, this.#timed);
  }
}
