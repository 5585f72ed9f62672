import { Route } from 'react-router-dom';
import type { ConsoleModule } from '..';
import { NotificationAdminPage } from './NotificationAdminPage';
import { NotificationBell } from './NotificationBell';
import { InboxPage } from './InboxPage';
import { RecordPushes } from './RecordPushes';

export { LatestNotifications } from './LatestNotifications';
export { NotificationBell } from './NotificationBell';
export { useNoticeSocket, SOCKET_OPTIONS } from './socket';

/** Notification admin, the inbox (bell and page) and the real-time connection. */
export const notificationsModule: ConsoleModule = {
  name: 'notifications',
  routes: [
    <Route key="notification" path="/notification" element={<NotificationAdminPage />} />,
    <Route key="notification-list" path="/notification/notification-list" element={<NotificationAdminPage />} />,
    <Route key="notification-inbox" path="/notification/inbox" element={<InboxPage />} />,
  ],
  appBarItems: [RecordPushes, NotificationBell],
};
