import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'react-admin';
import { useNoticeSocket } from '../notifications/socket';
import { CHANGE_REQUEST } from './api';

/** The `change-request` socket event (docs/approvals.md, "Live"). */
export interface ChangeRequestEvent {
  id: number;
  resource: string;
  record: number;
  action: string;
  state: 'pending' | 'approved' | 'rejected' | 'stale';
  why: string;
}

/**
 * The live side of the approvals: a request waiting for the user (they are an approver) or theirs
 * decided shows a notice at once, and every change-request query (the queue, a request's page, the
 * "Pending review" badges, the bell's count) reloads. Renders nothing; it sits in the app bar so
 * it lives as long as the signed-in layout.
 */
export function ApprovalPushes() {
  const { socket } = useNoticeSocket();
  const notify = useNotify();
  const translate = useTranslate();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!socket) return;
    const onRequest = (event: ChangeRequestEvent) => {
      const why = translate(event.why, { _: event.why });
      notify(`approvals.console.live.${event.state}`, {
        type: event.state === 'approved' ? 'success' : 'info',
        messageArgs: { why, id: event.id },
      });
      void queryClient.invalidateQueries({ queryKey: [CHANGE_REQUEST] });
      // The applied change is the record's own: its screen reloads too (its record event does as well).
      if (event.state === 'approved') void queryClient.invalidateQueries({ queryKey: [event.resource] });
    };
    socket.on('change-request', onRequest);
    return () => {
      socket.off('change-request', onRequest);
    };
  }, [socket, notify, translate, queryClient]);
  return null;
}
