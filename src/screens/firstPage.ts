import type { QueryClient } from '@tanstack/react-query';
import type { DataProvider, GetListResult, Store } from 'react-admin';
import type { Registry, ResourceDescriptor } from '../../resources';

/** How many rows a list screen shows until the user picks another page size. */
export const LIST_PER_PAGE = 25;

/** A list screen's order until the user sorts: newest first. */
export const listSort = (d: ResourceDescriptor) => ({ field: d.idField, order: 'DESC' as const });

/**
 * How long the first page fetched before its screen mounted counts as fresh: the screen then
 * shows it rather than asking again (only for its first answer; later ones follow react-query's
 * default of always asking again on mount).
 */
const PREFETCHED_FRESH_MS = 2000;

/** The descriptor whose list screen `pathname` opens (`/{name}` or one of its aliases), if any. */
function listScreenAt(registry: Registry, pathname: string): ResourceDescriptor | undefined {
  const path = pathname.replace(/\/+$/, '');
  return registry.all.find((d) => !d.singleton && (path === `/${d.name}` || (d.menu.aliases ?? []).includes(path)));
}

export interface FirstPageContext {
  queryClient: QueryClient;
  dataProvider: DataProvider;
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
 * the session check, under the very key react-admin's list will use (useGetList's
 * `[resource, 'getList', params]`): the list then renders its rows as it mounts instead of asking
 * after its layout has rendered, ~0.3 s later on a cold load (issue 14, bench/FIRST-VISIT.md).
 * Only for the page react-admin would ask with nothing chosen: no query in the address and nothing
 * stored for the list. Anything else, and a failure, leaves the list to ask as usual.
 * Settles when the page is in (or failed), at once when none was asked for; never rejects.
 */
export async function prefetchFirstPage(ctx: FirstPageContext): Promise<void> {
  const d = listScreenAt(ctx.registry, ctx.location.pathname);
  if (!d || ctx.location.search !== '' || ctx.ownDefaults(d.name) || !ctx.mayList(d.name)) return;
  if (ctx.store.getItem(`${d.name}.listParams`) !== undefined) return;
  const pagination = { page: 1, perPage: LIST_PER_PAGE };
  const sort = listSort(d);
  const filter = {};
  const queryKey = [d.name, 'getList', { pagination, sort, filter, meta: undefined }];
  ctx.queryClient.setQueryDefaults(queryKey, {
    staleTime: (query) => (query.state.dataUpdateCount <= 1 ? PREFETCHED_FRESH_MS : 0),
  });
  await ctx.queryClient
    .query({
      queryKey,
      // The shape useGetList keeps in its cache.
      queryFn: async () => {
        const page: GetListResult = await ctx.dataProvider.getList(d.name, { pagination, sort, filter });
        return { data: page.data, total: page.total, pageInfo: page.pageInfo, meta: page.meta as unknown };
      },
    })
    .catch(() => undefined);
}
