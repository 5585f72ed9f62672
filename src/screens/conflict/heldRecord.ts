import { useState } from 'react';
import { useGetOne, type Identifier, type RaRecord } from 'react-admin';

/** Names the held record's query apart from the shared one other screens refresh (the app bar's recent items). */
const HELD = { held: true };

/**
 * Options for an edit form's record query and save: read once, then held. A refetch (another
 * user's save pushed over the socket) would put the stored record in the form and drop what the
 * user typed; instead the guard says that it changed and lets the user review it. The save names
 * the same query, so react-admin puts the saved record in it.
 */
export function useHeldRecord() {
  const [loaded, setLoaded] = useState(false);
  return {
    query: {
      meta: HELD,
      ...(loaded && { enabled: false }),
      onSuccess: () => {
        setLoaded(true);
      },
    },
    mutation: { meta: HELD },
  };
}

/**
 * Reads a held record again from outside its form (a restore from the record's history, beside the
 * form): react-admin's own query for it, which never refetches by itself, is asked once more, and
 * the open form shows the record as it now is. Nothing is read until `reload` is called.
 */
export function useReloadHeldRecord(resource: string, id: Identifier): () => Promise<unknown> {
  const { refetch } = useGetOne<RaRecord>(resource, { id, meta: HELD }, { enabled: false });
  return refetch;
}
