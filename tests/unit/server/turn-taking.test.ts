import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql, type Dialect } from 'kysely';
import { describe, expect, it } from 'vitest';
import { TurnTakingSqliteDialect, turnTaking } from '../../../server/db/turn-taking';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('turn-taking lock', () => {
  it('lends to one borrower at a time, first come first served', async () => {
    const turns = turnTaking();
    const log: string[] = [];
    let inside = 0;
    const borrow = async (name: string) => {
      await turns.lock();
      inside++;
      expect(inside).toBe(1);
      log.push(`${name} in`);
      await nextTurn(); // holds the lock across a turn of the loop, as a transaction does
      log.push(`${name} out`);
      inside--;
      turns.unlock();
    };
    await Promise.all([borrow('a'), borrow('b'), borrow('c')]);
    expect(log).toEqual(['a in', 'a out', 'b in', 'b out', 'c in', 'c out']);
  });

  it('within its slice, hands over at once; past it, only after the event loop has turned', async () => {
    let clock = 0;
    const turns = turnTaking(5, () => clock);
    const order: string[] = [];

    await turns.lock();
    const second = turns.lock().then(() => order.push('second borrower'));
    setImmediate(() => order.push('event loop'));
    turns.unlock(); // 0 ms into the slice
    await second;
    expect(order).toEqual(['second borrower']);

    clock = 6; // the slice is used up
    const third = turns.lock().then(() => order.push('third borrower'));
    turns.unlock();
    await third;
    expect(order).toEqual(['second borrower', 'event loop', 'third borrower']);
  });
});

/**
 * A queue of slow queries, as 50 concurrent searches make: does the event loop (which accepts new
 * connections and reads requests) get a turn while the queue drains?
 */
async function loopTurnsDuringQueries(dialect: (database: SQLite.Database) => Dialect) {
  const database = new SQLite(':memory:');
  database.function('spin', (ms: number) => {
    const until = performance.now() + ms;
    while (performance.now() < until);
    return ms;
  });
  const db = new Kysely<Record<string, never>>({ dialect: dialect(database) });
  let turns = 0;
  let running = true;
  const tick = () => {
    if (!running) return;
    turns++;
    setImmediate(tick);
  };
  await nextTurn();
  setImmediate(tick);
  await Promise.all(Array.from({ length: 20 }, () => sql`select spin(${2})`.execute(db)));
  running = false;
  await db.destroy();
  return turns;
}

describe('TurnTakingSqliteDialect', () => {
  it("lets the event loop turn while queries queue for SQLite's one connection", async () => {
    // Kysely's own SQLite driver runs all 20 queries (40 ms) without a single turn of the loop.
    expect(await loopTurnsDuringQueries((database) => new SqliteDialect({ database }))).toBe(0);
    expect(await loopTurnsDuringQueries((database) => new TurnTakingSqliteDialect({ database }))).toBeGreaterThanOrEqual(4);
  });

  it('keeps transactions whole', async () => {
    const db = new Kysely<{ t: { n: number } }>({ dialect: new TurnTakingSqliteDialect({ database: new SQLite(':memory:') }) });
    await db.schema.createTable('t').addColumn('n', 'integer').execute();
    const add = (n: number) =>
      db.transaction().execute(async (trx) => {
        await trx.insertInto('t').values({ n }).execute();
        await nextTurn();
        const rows = await trx.selectFrom('t').select('n').execute();
        if (n === 2) throw new Error('rolled back');
        return rows.length;
      });
    const results = await Promise.allSettled([add(1), add(2), add(3)]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((await db.selectFrom('t').select('n').orderBy('n').execute()).map((r) => r.n)).toEqual([1, 3]);
    await db.destroy();
  });
});
