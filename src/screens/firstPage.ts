import { createContext, useContext, useState } from 'react';
import { useStore, type GetListParams, type GetListResult, type Store } from 'react-admin';
import type { Registry, ResourceDescriptor } from '../../resources';
import type { EarlyListDataProvider } from '../../dataProvider/earlyList';

/** How many rows a list screen shows until the user picks another page size. */
export const LIST_PER_PAGE = 25;

/** A list screen's order until the user sorts: newest first. */
export const listSort = (d: ResourceDescriptor) => ({ field: d.idField, order: 'DESC' as const });

/**
 * How long a first page fetched before its screen mounted counts as fresh: the screen then shows
 * it rather than asking again (only that answer; later ones follow react-query's default of
 * always asking again on mount).
 */
const PREFETCHED_FRESH_MS = 2000;

/** The page a list screen asks for with nothing chosen (no query in the address, nothing stored). */
function firstParams(d: ResourceDescriptor): GetListParams {
  return { pagination: { page: 1, perPage: LIST_PER_PAGE }, sort: listSort(d), filter: {} };
}

/** The descriptor whose list screen `pathname` opens (`/{name}` or one of its aliases), if any. */
function listScreenAt(registry: Registry, pathname: string): ResourceDescriptor | undefined {
  const path = pathname.replace(/\/+$/, '');
  return registry.all.find((d) => !d.singleton && (path === `/${d.name}` || (d.menu.aliases ?? []).includes(path)));
}

/** Whether a list opens on its first page as react-admin would ask it with nothing chosen. */
function opensOnFirstPage(d: ResourceDescriptor, search: string, store: Pick<Store, 'getItem'>, ownDefaults: boolean): boolean {
  return search === '' && !ownDefaults && store.getItem(`${d.name}.listParams`) === undefined;
}

export interface FirstPageContext {
  /** Where the page is asked for early (dataProvider/earlyList.ts). */
  askEarly: EarlyListDataProvider['askEarly'];
  /** The page this session was last answered, kept in the browser (dataProvider/storedPages.ts). */
  stored?: EarlyListDataProvider['stored'];
  registry: Registry;
  /** react-admin's store: where a list keeps the sort, filters and page the user last chose. */
  store: Store;
  location: { pathname: string; search: string };
  /** Resources whose screen adds filters with defaults of its own (computed inside the screen). */
  ownDefaults: (resource: string) => boolean;
  /** Whether the stored session may list the resource (authProvider.canAccessNow). */
  mayList: (resource: string) => boolean;
}

/**
 * For a returning user opening a list screen, asks for its first page at start-up, together with
 * the session check, with the parameters the list screen starts with: the list then starts from
 * that answer (useFirstPageOptions) or, if it is still on its way, its own getList is handed it by
 * the dataProvider, instead of a request sent after the layout has rendered (~0.3 s later on a
 * cold load). Only for the page the list asks for with nothing chosen: no query in the address and
 * nothing stored for the list. Anything else, and a failure, leaves the list to ask as usual.
 * Settles when the page is in (or failed), at once when none was asked for, or when the browser
 * kept this session's last answer for it (the list starts from that: useFirstPageOptions); never
 * rejects.
 */
export async function prefetchFirstPage(ctx: FirstPageContext): Promise<void> {
  const d = listScreenAt(ctx.registry, ctx.location.pathname);
  if (!d || !ctx.mayList(d.name) || !opensOnFirstPage(d, ctx.location.search, ctx.store, ctx.ownDefaults(d.name))) return;
  const answer = ctx
    .askEarly(d.name, firstParams(d))
    .then(() => undefined)
    .catch(() => undefined);
  if (!ctx.stored?.(d.name, firstParams(d))) await answer;
}

/** The early pages of the console, and a way to ask for one more (the sign-in page, for the screen it returns to). */
export interface EarlyPages extends Pick<EarlyListDataProvider, 'arrived' | 'stored'> {
  /** prefetchFirstPage for the list `location` opens, if it does (and the session may list it). */
  firstPageAt?: (location: { pathname: string; search: string }) => Promise<void>;
}

/** The early pages of the console (App provides them; none in a screen rendered on its own). */
export const EarlyPagesContext = createContext<EarlyPages | undefined>(undefined);

/** The list's first query starts from a page kept in the browser: shown, and asked again at once. */
function keptPageOptions(page: GetListResult): FirstPageOptions {
  let handed = false;
  return {
    initialData: () => {
      if (handed) return undefined;
      handed = true;
      return page;
    },
    // Counted as answered long ago: stale, so the list asks the server as it mounts.
    initialDataUpdatedAt: 0,
    staleTime: () => 0,
  };
}

/** The query options the list hands react-admin's list (`<List queryOptions>`). */
export interface FirstPageOptions {
  initialData?: () => GetListResult | undefined;
  initialDataUpdatedAt?: number;
  staleTime?: (query: { state: { data?: unknown } }) => number;
}

/**
 * For the list screen's first render: when its first page asked for at start-up has arrived, the
 * options that make react-admin's list start from it (react-query's initialData, documented for
 * useGetList and passed through `<List queryOptions>`), so its rows are in the screen's first
 * commit. Only when the list opens on that very page (nothing in the address or the store), and
 * only for the list's first query: one with another page, order or filter starts empty as usual.
 * Until that page arrives, the page this session was last answered (kept in the browser) is the
 * initial data instead, stale at once: react-query shows it and asks the server (the early page's
 * request, not a second one), and the answer replaces it.
 */
export function useFirstPageOptions(d: ResourceDescriptor, search: string, ownDefaults: boolean): FirstPageOptions {
  const early = useContext(EarlyPagesContext);
  const [stored] = useStore(`${d.name}.listParams`);
  // Read at the list's first render only: a page handed later would answer other parameters.
  const [options] = useState((): FirstPageOptions => {
    const opens = early !== undefined && opensOnFirstPage(d, search, { getItem: () => stored }, ownDefaults);
    const first = opens ? early.arrived(d.name, firstParams(d)) : undefined;
    if (!first) {
      const kept = opens ? early.stored(d.name, firstParams(d)) : undefined;
      return kept ? keptPageOptions(kept.page) : {};
    }
    // react-query asks for initial data each time it makes a query for this list; only the first
    // one (the list's first page) gets the early page.
    let handed = false;
    return {
      initialData: () => {
        if (handed) return undefined;
        handed = true;
        return first.page;
      },
      initialDataUpdatedAt: first.answeredAt,
      staleTime: (query) => (query.state.data === first.page ? PREFETCHED_FRESH_MS : 0),
    };
  });
  return options;
}
