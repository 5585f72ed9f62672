import { dynamic, type Db, type DynamicDb } from '../../db/database';

/**
 * Where each read of a list runs. `answers` is where a search's total and matches are worked out,
 * the reads that cost milliseconds and answer a few numbers: on SQLite the reader threads
 * (server/db/sqlite-readers.ts, `Connection.answers`) unless they are turned off, otherwise the
 * main connection. Pages and rows are read on the main connection: handing 50 whole rows across
 * threads costs more than reading them.
 */
export interface ReadConnections {
  /** The server's main connection: pages, rows, reads by id, a plain list's count. */
  main: DynamicDb;
  /** A search's matches and total. */
  answers: DynamicDb;
}

export function readConnections(db: Db, answers: Db = db): ReadConnections {
  return { main: dynamic(db), answers: dynamic(answers) };
}

/**
 * Where a list's count runs. A search's count runs the match (on `answers`); a plain list's count
 * walks an index that the main connection's page cache holds, several times faster there than on
 * a reader thread.
 */
export const countOn = (connections: ReadConnections, search: boolean): DynamicDb => (search ? connections.answers : connections.main);
