import { useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Notification, NotificationContext, useNotificationContext } from 'react-admin';

/** Spec 000 sections 4 and 9: toasts wait 300 ms (500 ms on the sign-in page), then show for 1 s. */
export const TOAST_DELAY_MS = 300;
export const SIGN_IN_TOAST_DELAY_MS = 500;
export const TOAST_DURATION_MS = 1000;

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
        return context.takeNotification();
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
