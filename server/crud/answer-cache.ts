/**
 * Answers worked out from a whole table (a list's total, a search's ordered matches), kept until
 * the table's write generation (server/db/write-generation.ts) moves on. Small and bounded: the
 * least recently used answer goes first, and a stale one is dropped when next asked for.
 */
export interface AnswerCache<T> {
  get(key: string, generation: string): T | undefined;
  set(key: string, generation: string, value: T): void;
  /** The kept answer and its generation, whatever the table's is now (the caller checks it). */
  peek(key: string): { generation: string; value: T } | undefined;
}

export function answerCache<T>(maxEntries: number): AnswerCache<T> {
  const entries = new Map<string, { generation: string; value: T }>();
  return {
    get(key, generation) {
      const hit = entries.get(key);
      if (!hit) return undefined;
      entries.delete(key);
      if (hit.generation !== generation) return undefined;
      entries.set(key, hit); // now the most recently used
      return hit.value;
    },
    peek(key) {
      return entries.get(key);
    },
    set(key, generation, value) {
      entries.delete(key);
      entries.set(key, { generation, value });
      if (entries.size <= maxEntries) return;
      const oldest = entries.keys().next();
      if (!oldest.done) entries.delete(oldest.value);
    },
  };
}
