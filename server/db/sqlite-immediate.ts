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
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

export class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}
