import type { Store } from 'react-admin';
import type { Registry, ResourceDescriptor } from '../../resources';
import type { EarlyListDataProvider } from '../../dataProvider/earlyList';

/** How many rows a list screen shows until the user picks another page size. */
export const LIST_PER_PAGE = 25;

/** A list screen's order until the user sorts: newest first. */
export const listSort = (d: ResourceDescriptor) => ({ field: d.idField, order: 'DESC' as const });

/** The descriptor whose list screen `pathname` opens (`/{name}` or one of its aliases), if any. */
function listScreenAt(registry: Registry, pathname: string): ResourceDescriptor | undefined {
  const path = pathname.replace(/\/+$/, '');
  return registry.all.find((d) => !d.singleton && (path === `/${d.name}` || (d.menu.aliases ?? []).includes(path)));
}

export interface FirstPageContext {
  /** Where the page is asked for early (dataProvider/earlyList.ts): the list's own first call gets it. */
  askEarly: EarlyListDataProvider['askEarly'];
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
 * the session check, with the parameters the list screen starts with (LIST_PER_PAGE, listSort, no
 * filter): the list's own getList then gets that answer from the dataProvider instead of sending
 * its request after the layout has rendered (~0.3 s later on a cold load).
 * Only for the page the list asks for with nothing chosen: no query in the address and nothing
 * stored for the list. Anything else, and a failure, leaves the list to ask as usual.
 * Settles when the page is in (or failed), at once when none was asked for; never rejects.
 */
export async function prefetchFirstPage(ctx: FirstPageContext): Promise<void> {
  const d = listScreenAt(ctx.registry, ctx.location.pathname);
  if (!d || ctx.location.search !== '' || ctx.ownDefaults(d.name) || !ctx.mayList(d.name)) return;
  if (ctx.store.getItem(`${d.name}.listParams`) !== undefined) return;
  await ctx
    .askEarly(d.name, { pagination: { page: 1, perPage: LIST_PER_PAGE }, sort: listSort(d), filter: {} })
    .then(() => undefined)
    .catch(() => undefined);
}
