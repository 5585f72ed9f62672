import { LatestNotifications } from '../notifications/LatestNotifications';

/**
 * Where my profile shows my latest 10 notifications, each opening its detail dialog (spec 000
 * section 2), from the notifications module.
 */
export function ProfileNotificationsSlot() {
  return <LatestNotifications />;
}
