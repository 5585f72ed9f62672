import { useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Notification, NotificationContext, useNotificationContext, type NotificationPayload } from 'react-admin';

/** Spec 000 sections 4 and 9: toasts wait 300 ms (500 ms on the sign-in page), then show for 1 s. */
export const TOAST_DELAY_MS = 300;
export const SIGN_IN_TOAST_DELAY_MS = 500;
export const TOAST_DURATION_MS = 1000;

/**
 * Top right, just below the app bar (56 px on a phone, 48 px from `sm` up) rather than over it:
 * MUI's place (8 px, 24 px from the top) covered the user menu, and a pointer resting on a toast
 * holds it open, so the button under it could not be reached until the pointer moved away.
 */
const BELOW_APP_BAR = { top: { xs: 64, sm: 56 } } as const;

function sameNotification(a: NotificationPayload, b: NotificationPayload): boolean {
  return (
    a.type === b.type &&
    a.message === b.message &&
    JSON.stringify(a.notificationOptions?.messageArgs) === JSON.stringify(b.notificationOptions?.messageArgs)
  );
}

/**
 * Toasts at the top right (below the app bar) for one second, each shown after the spec's delay: react-admin's own
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
      <Notification anchorOrigin={{ vertical: 'top', horizontal: 'right' }} autoHideDuration={TOAST_DURATION_MS} sx={BELOW_APP_BAR} />
    </NotificationContext.Provider>
  );
}
