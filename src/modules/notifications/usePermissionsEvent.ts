import { useEffect } from 'react';
import type { Socket } from 'socket.io-client';

/**
 * Calls `onChange` on the server's `permissions` event (this user's permissions, menus or field
 * rules changed), and wherever such an event may have been missed, since socket.io keeps no event
 * for a listener that is not there yet:
 * - when the listener comes after the socket has connected (a change pushed in between was lost);
 * - at every reconnection (what was pushed while the socket was down, such as during a server's
 *   restart, was lost).
 * `onChange` should keep its identity (useCallback): a new one listens afresh.
 */
export function usePermissionsEvent(socket: Socket | undefined, onChange: () => void) {
  useEffect(() => {
    if (!socket) return;
    let connectedBefore = socket.connected;
    if (connectedBefore) onChange();
    const onConnect = () => {
      if (connectedBefore) onChange();
      connectedBefore = true;
    };
    socket.on('permissions', onChange);
    socket.on('connect', onConnect);
    return () => {
      socket.off('permissions', onChange);
      socket.off('connect', onConnect);
    };
  }, [socket, onChange]);
}
