import { useMemo } from 'react';
import { useCanAccess, useGetList } from 'react-admin';
import { useStoredAccess } from '../../storedAnswers';
import { CHANGE_REQUEST } from './api';

/** Resources whose records are never under a workflow (the approvals' own). */
const UNGATED: ReadonlySet<string> = new Set([CHANGE_REQUEST, 'workflow']);

/**
 * The ids (as text) of a resource's records with an open change request (pending or stale), for
 * the "Pending review" badge: one list call for the whole screen (the resource's open requests),
 * never one per row. Only for users who may read the change requests; the socket's record pushes
 * of `change-request` refresh it (RecordPushes), so a decision clears the badge live.
 */
export function usePendingRecords(resource: string): ReadonlySet<string> | undefined {
  const { canAccess } = useCanAccess(useStoredAccess({ resource: CHANGE_REQUEST, action: 'list' }));
  const enabled = canAccess === true && !UNGATED.has(resource);
  const { data } = useGetList<{ id: number; change_request_record: number }>(
    CHANGE_REQUEST,
    {
      pagination: { page: 1, perPage: 100 },
      sort: { field: 'change_request_id', order: 'DESC' },
      filter: { change_request_resource: resource, status: 1 },
    },
    { enabled },
  );
  return useMemo(() => {
    if (!enabled || !data) return undefined;
    return new Set(data.filter((r) => r.change_request_record > 0).map((r) => String(r.change_request_record)));
  }, [enabled, data]);
}
