/**
 * A module loaded on first use, then kept. Libraries only some requests need (picture decoding,
 * mail, the PostgreSQL and Redis clients, password hashing) stay out of a server that never uses
 * them: together they were about 45 MB of its resident memory and a share of its start-up.
 * A failed load is retried on the next call instead of being remembered.
 */
export function lazy<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}

/**
 * The same, for synchronous code (rich-text sanitising, the common-password check): callers
 * `await load()` first, then `get()` without waiting. `get()` before that is a programming error,
 * never a user's, and throws: the check it serves must not be skipped.
 */
export function loadedBeforeUse<T>(name: string, make: () => Promise<T>): { load: () => Promise<void>; get: () => T } {
  const loading = lazy(make);
  let value: { current: T } | undefined;
  return {
    load: async () => {
      value ??= { current: await loading() };
    },
    get: () => {
      if (!value) throw new Error(`${name} used before it was loaded`);
      return value.current;
    },
  };
}
