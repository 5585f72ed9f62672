import { useQueries } from '@tanstack/react-query';
import { useCanAccessResources, useDataProvider, type RaRecord } from 'react-admin';
import type { Registry, ResourceDescriptor } from '../../../../resources';
import { useRegistry } from '../../../registry-context';
import { usersPickerFilter } from '../../users/branchScope';

/** Resources with a server-side search: lists (not one-record pages) with at least one `search` field. */
export const searchableResources = (registry: Registry): ResourceDescriptor[] =>
  registry.all.filter((d) => !d.singleton && d.fields.some((f) => 'search' in f && f.search));

/** The resources among these that the signed-in user may list (canAccess 'list'). */
export function useListableResources(candidates: readonly ResourceDescriptor[]) {
  const { canAccess, isPending } = useCanAccessResources({ action: 'list', resources: candidates.map((d) => d.name) });
  return { allowed: candidates.filter((d) => canAccess?.[d.name] === true), isPending };
}

export interface SearchGroup {
  descriptor: ResourceDescriptor;
  records: RaRecord[];
  total: number;
  isPending: boolean;
  error: Error | null;
}

export const PER_RESOURCE = 5;

/**
 * Searches every resource the user may list, each with its own server search (the generated
 * lists' `q` filter, sent as `search`), a few records per resource, newest first.
 */
export function useGlobalSearch(query: string): { groups: SearchGroup[]; isPending: boolean } {
  const registry = useRegistry();
  const dataProvider = useDataProvider();
  const { allowed, isPending } = useListableResources(searchableResources(registry));
  const results = useQueries({
    queries: allowed.map((d) => ({
      queryKey: ['global-search', d.name, query],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        dataProvider.getList(d.name, {
          // A list that answers only with a branch (the users: `listNeedsFilter`) is asked for every
          // branch the viewer may see; the server keeps a branch-scoped viewer to their own.
          filter: { q: query, ...usersPickerFilter(d.listNeedsFilter) },
          pagination: { page: 1, perPage: PER_RESOURCE },
          sort: { field: d.idField, order: 'DESC' },
          signal,
        }),
      enabled: query !== '',
      staleTime: 30_000,
      retry: false,
    })),
  });
  const groups = allowed.map((descriptor, i) => {
    const r = results[i];
    return {
      descriptor,
      records: r?.data?.data ?? [],
      total: r?.data?.total ?? 0,
      isPending: r?.isPending ?? true,
      error: r?.error ?? null,
    };
  });
  return { groups, isPending };
}
