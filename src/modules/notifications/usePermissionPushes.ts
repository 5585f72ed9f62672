import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Socket } from 'socket.io-client';
import { useAuthProvider } from 'react-admin';
import type { ConsoleAuthProvider } from '../../../authProvider';

/**
 * The server's `permissions` event (this user's permissions or menus changed): the console reads
 * the slugs again at once, whatever its last session check answered, and the menu too. A change
 * of slugs has every canAccess asked again (App), so the menu drops what was withdrawn and a screen
 * no longer allowed goes to the access-denied page, without waiting for the next navigation.
 */
export function usePermissionPushes(socket: Socket | undefined) {
  const authProvider = useAuthProvider<ConsoleAuthProvider>();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!socket || !authProvider) return;
    const onPermissions = () => {
      void authProvider
        .refreshPermissions()
        .catch(() => undefined)
        // The menus may have changed without the slugs (an entry hidden or renamed).
        .finally(() => void queryClient.invalidateQueries({ queryKey: ['menu'] }));
    };
    socket.on('permissions', onPermissions);
    return () => {
      socket.off('permissions', onPermissions);
    };
  }, [socket, authProvider, queryClient]);
}
