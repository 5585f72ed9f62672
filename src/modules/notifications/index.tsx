import { Route } from 'react-router-dom';
import type { ConsoleModule } from '../console-module';
import { lazyComponent } from '../../lazy';

// Pages load with their route; the bell and the record pushes load with the signed-in layout
// (src/signed-in.ts, one chunk with it), never on the sign-in page. socket.io-client is a chunk
// of its own, fetched once the first screen is drawn and the page is idle (socket.ts).
const NotificationAdminPage = lazyComponent(() => import('../../signed-in').then((m) => m.inLayout.NotificationAdminPage()));
const InboxPage = lazyComponent(() => import('../../signed-in').then((m) => m.inLayout.InboxPage()));
const NotificationBell = lazyComponent(() => import('../../signed-in').then((m) => m.NotificationBell), null);
const RecordPushes = lazyComponent(() => import('../../signed-in').then((m) => m.RecordPushes), null);

/** Notification admin, the inbox (bell and page) and the real-time connection. */
export const notificationsModule: ConsoleModule = {
  name: 'notifications',
  routes: [
    <Route key="notification" path="/notification" element={<NotificationAdminPage />} />,
    <Route key="notification-list" path="/notification/notification-list" element={<NotificationAdminPage />} />,
    <Route key="notification-inbox" path="/notification/inbox" element={<InboxPage />} />,
    // The dialogs over the admin list, as on every generated screen.
    <Route key="notification-create" path="/notification/create" element={<NotificationAdminPage />} />,
    <Route key="notification-edit" path="/notification/:id" element={<NotificationAdminPage />} />,
  ],
  appBarItems: [RecordPushes, NotificationBell],
};
