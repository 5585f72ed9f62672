/**
 * A module loaded on first use, then kept. Libraries only some requests need (picture decoding,
 * mail, the PostgreSQL and Redis clients, password hashing) stay out of a server that never uses
 * them: together they were about 45 MB of its resident memory and a share of its start-up
 * (bench/SCALE.md). A failed load is retried on the next call instead of being remembered.
 */
export function lazy<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}
