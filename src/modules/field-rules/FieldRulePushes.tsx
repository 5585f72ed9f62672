import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNoticeSocket } from '../notifications/socket';
import { FIELD_RULES_QUERY } from './rules';

/**
 * The server's `permissions` event (a field or row rule, a group or a user's grants changed for
 * this user): the field rules are asked again at once, and so is every other query on screen: a
 * list read under the old rules lacks a column's values the user may now see, or holds rows their
 * row rules no longer reach. Queries not on screen are asked when next shown. Renders nothing; it
 * sits in the app bar, which lives as long as the signed-in layout, and shares the tab's one socket.
 */
export function FieldRulePushes() {
  const { socket } = useNoticeSocket();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!socket) return;
    const onPermissions = () => {
      void queryClient.invalidateQueries({ queryKey: [FIELD_RULES_QUERY] });
      void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== FIELD_RULES_QUERY });
    };
    socket.on('permissions', onPermissions);
    return () => {
      socket.off('permissions', onPermissions);
    };
  }, [socket, queryClient]);
  return null;
}
