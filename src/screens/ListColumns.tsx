import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useStoreContext } from 'react-admin';
import { listColumns, saveListColumns, type ColumnsChoice } from './listPreferences';

/** How long a user may go on choosing before the choice is sent (one request for a few clicks). */
const SAVE_AFTER_MS = 300;

/**
 * The column chooser's choice follows the user to another computer: react-admin's ColumnsButton
 * keeps it in the store (`{resource}.datatable`: hidden columns, `..._columnRanks`: their order),
 * which lives in this browser and is cleared at sign-out. This puts the user's choice from the
 * server into the store when the list opens, and sends every change they make back to the server.
 */
export function useServerColumns(resource: string): void {
  const store = useStoreContext();
  const queryClient = useQueryClient();
  const hiddenKey = `${resource}.datatable`;
  const ranksKey = `${hiddenKey}_columnRanks`;
  const queryKey = ['listColumns', resource];
  const { data: saved } = useQuery({
    queryKey,
    queryFn: () => listColumns(resource),
    staleTime: 5 * 60_000,
    retry: false,
  });
  /** The choice the server holds, as JSON; undefined until it has answered (nothing is sent before). */
  const known = useRef<string | undefined>(undefined);

  const current = (): ColumnsChoice => ({
    hidden: store.getItem<string[]>(hiddenKey) ?? [],
    ranks: store.getItem<number[]>(ranksKey) ?? null,
  });

  useEffect(() => {
    if (saved === undefined) return;
    if (saved === null) {
      known.current = JSON.stringify(current());
      return;
    }
    known.current = JSON.stringify(saved);
    if (JSON.stringify(current()) === known.current) return;
    store.setItem(hiddenKey, saved.hidden);
    if (saved.ranks) store.setItem(ranksKey, saved.ranks);
    else store.removeItem(ranksKey);
    // current() reads the store, which is stable for the app's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [saved, store, hiddenKey, ranksKey]);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const send = () => {
      timer = undefined;
      const choice = current();
      const json = JSON.stringify(choice);
      if (known.current === undefined || json === known.current) return;
      known.current = json;
      queryClient.setQueryData(queryKey, choice);
      // A choice the server did not keep stays in this browser; the next change tries again.
      saveListColumns(resource, choice).catch(() => undefined);
    };
    const changed = () => {
      clearTimeout(timer);
      timer = setTimeout(send, SAVE_AFTER_MS);
    };
    const unsubscribe = [store.subscribe(hiddenKey, changed), store.subscribe(ranksKey, changed)];
    return () => {
      for (const off of unsubscribe) off();
      // Leaving the list right after a click still keeps the choice.
      if (timer !== undefined) {
        clearTimeout(timer);
        send();
      }
    };
    // queryKey and current() derive from resource and the keys listed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [store, queryClient, resource, hiddenKey, ranksKey]);
}

/** The hook as a component, so that its code loads after the list (ListTools). */
export function ServerColumns({ resource }: { resource: string }) {
  useServerColumns(resource);
  return null;
}
