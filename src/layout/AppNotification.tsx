import { useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Notification, NotificationContext, useNotificationContext, type NotificationPayload } from 'react-admin';

/** Spec 000 sections 4 and 9: toasts wait 300 ms (500 ms on the sign-in page), then show for 1 s. */
export const TOAST_DELAY_MS = 300;
export const SIGN_IN_TOAST_DELAY_MS = 500;
export const TOAST_DURATION_MS = 1000;

function sameNotification(a: NotificationPayload, b: NotificationPayload): boolean {
  return (
    a.type === b.type &&
    a.message === b.message &&
    JSON.stringify(a.notificationOptions?.messageArgs) === JSON.stringify(b.notificationOptions?.messageArgs)
  );
}

/**
 * Toasts at the top right for one second, each shown after the spec's delay: react-admin's own
 * Notification reads a queue that only receives a message once it has waited.
 */
export function AppNotification() {
  const context = useNotificationContext();
  const { pathname } = useLocation();
  const delay = pathname === '/login' ? SIGN_IN_TOAST_DELAY_MS : TOAST_DELAY_MS;
  const [ready, setReady] = useState(false);
  const waiting = context.notifications.length > 0;
  useEffect(() => {
    if (!waiting || ready) return;
    const timer = setTimeout(() => setReady(true), delay);
    return () => clearTimeout(timer);
  }, [waiting, ready, delay]);
  const delayed = useMemo(
    () => ({
      ...context,
      notifications: ready ? context.notifications : [],
      takeNotification: () => {
        setReady(false); // the next message waits its own delay
        const [first] = context.notifications;
        if (!first) return;
        // A burst of the same message (every request refused at once after a session ends says
        // "Please login to continue") shows once: at one second each, the copies would hide the
        // answer the user is waiting for behind them.
        context.setNotifications((queued) => queued.slice(1).filter((n) => !sameNotification(n, first)));
        return first;
      },
    }),
    [context, ready],
  );
  return (
    <NotificationContext.Provider value={delayed}>
      <Notification anchorOrigin={{ vertical: 'top', horizontal: 'right' }} autoHideDuration={TOAST_DURATION_MS} />
    </NotificationContext.Provider>
  );
}
