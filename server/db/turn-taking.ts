import { SqliteDialect, SqliteDriver, type DatabaseConnection, type Driver, type SqliteDialectConfig } from 'kysely';

/**
 * SQLite's one connection, lent out in turns that leave room for the event loop.
 *
 * better-sqlite3 runs each query synchronously, and Kysely's own lock hands the connection to the
 * next waiter in a microtask. Under load a whole queue of requests then runs inside one turn of
 * Node's event loop, and libuv accepts only one new connection per turn (libuv/libuv#3696): with
 * 50 clients each asking for a 10 ms search, one turn lasted ~0.4 s and a client that connected
 * during it waited up to 10 s for its first answer while the others were served (bench/SCALE.md).
 *
 * Here, once the connection has been lent for longer than `sliceMs` without a break, the next
 * borrower gets it on the next turn of the loop (`setImmediate`), after the loop has accepted
 * connections and read what arrived. Borrowers are served first come, first served. Under light
 * load nothing changes: a free connection within its slice is lent at once.
 */
export interface TurnTaking {
  lock(): Promise<void>;
  unlock(): void;
}

export function turnTaking(sliceMs = 5, now: () => number = () => performance.now()): TurnTaking {
  let held = false;
  let sliceStart = now();
  const waiting: (() => void)[] = [];
  const grant = (resolve: () => void) => {
    held = true;
    resolve();
  };
  /** Lends the connection to `resolve`, at once or after a turn of the event loop. */
  const lend = (resolve: () => void) => {
    if (now() - sliceStart < sliceMs) {
      grant(resolve);
      return;
    }
    held = true; // kept for `resolve` while the loop turns, so no one else takes it meanwhile
    setImmediate(() => {
      sliceStart = now();
      resolve();
    });
  };
  return {
    lock() {
      return new Promise<void>((resolve) => {
        if (held || waiting.length) waiting.push(resolve);
        else lend(resolve);
      });
    },
    unlock() {
      held = false;
      const next = waiting.shift();
      if (next) lend(next);
    },
  };
}

/** Kysely's SQLite driver with the connection lent in turns (`turnTaking`). */
class TurnTakingSqliteDriver extends SqliteDriver {
  readonly #turns = turnTaking();

  override async acquireConnection(): Promise<DatabaseConnection> {
    await this.#turns.lock();
    // Kysely's own lock is always free here: this one lends the connection to one borrower at a time.
    return super.acquireConnection();
  }

  override async releaseConnection(): Promise<void> {
    await super.releaseConnection();
    this.#turns.unlock();
  }
}

export class TurnTakingSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new TurnTakingSqliteDriver(this.#config);
  }
}
