import { usePermissions } from 'react-admin';
import { NOTIFICATION_SLUGS } from '../../../resources';

/** The notification admin's slugs (spec 000 section 6); the server checks the same ones. */
export { NOTIFICATION_SLUGS };

/**
 * What the signed-in user may do on the notification admin. Read from the slugs directly: the
 * notification admin is a module, not a descriptor, so canAccess has no slug for it.
 */
export function useNotificationAccess() {
  const { permissions, isPending } = usePermissions<string[]>();
  const has = (slug: string) => Array.isArray(permissions) && permissions.includes(slug);
  return {
    isPending,
    list: has(NOTIFICATION_SLUGS.list),
    create: has(NOTIFICATION_SLUGS.create),
    update: has(NOTIFICATION_SLUGS.update),
    delete: has(NOTIFICATION_SLUGS.delete),
  };
}
