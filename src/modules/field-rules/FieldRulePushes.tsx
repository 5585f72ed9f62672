import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNoticeSocket } from '../notifications/socket';
import { FIELD_RULES_QUERY } from './rules';

/** The field rules' answers held now (react-query keeps an equal answer as the same object). */
const heldRules = (queryClient: QueryClient) => queryClient.getQueriesData({ queryKey: [FIELD_RULES_QUERY] }).map(([, data]) => data);

/**
 * The server's `permissions` event (a field or row rule, a group or a user's grants changed for
 * this user): the field rules on screen are asked again at once. When they changed, so is every
 * other query on screen: a list read under the old rules lacks the values of a column the user may
 * now see. (Changed permission slugs are the session's to act on: usePermissionPushes.) Renders
 * nothing; it sits in the app bar, which lives as long as the signed-in layout, and shares the
 * tab's one socket.
 */
export function FieldRulePushes() {
  const { socket } = useNoticeSocket();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!socket) return;
    const onPermissions = () => {
      const before = heldRules(queryClient);
      void queryClient.invalidateQueries({ queryKey: [FIELD_RULES_QUERY] }).then(() => {
        const after = heldRules(queryClient);
        if (after.length === before.length && after.every((data, i) => data === before[i])) return;
        void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== FIELD_RULES_QUERY });
      });
    };
    socket.on('permissions', onPermissions);
    return () => {
      socket.off('permissions', onPermissions);
    };
  }, [socket, queryClient]);
  return null;
}
