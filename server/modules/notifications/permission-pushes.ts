import type { PermissionsChange, ServerEventBus } from '../../events';
import type { Io } from './sockets';

/**
 * Tells the consoles whose permissions (or menus) changed to read them again at once: every
 * `permissions-changed` (this instance's, or a peer's through server/cluster/relay.ts) sends `permissions`
 * to this instance's sockets of the users concerned. The console then refetches its permission
 * slugs and its menu, and leaves a screen it may no longer open. Returns the stop function.
 */
export function pushPermissionChanges(io: Io, events: ServerEventBus): () => void {
  const onChange = ({ userIds, groupIds }: PermissionsChange) => {
    for (const socket of io.sockets.sockets.values()) {
      const { userId, group } = socket.data;
      const concerned = (!userIds && !groupIds) || (userIds?.includes(userId) ?? false) || (groupIds?.includes(group) ?? false);
      if (concerned) socket.emit('permissions');
    }
  };
  events.on('permissions-changed', onChange);
  return () => events.off('permissions-changed', onChange);
}
