import type { ListFilters } from '../../screens/extensions';

/**
 * The queue opens on the open requests (pending, or stale until rebased), newest first: the
 * generic status filter set to open; clearing it shows the decided ones too.
 */
export function useQueueFilters(): ListFilters {
  return { filters: [], defaults: { status: '1' } };
}
