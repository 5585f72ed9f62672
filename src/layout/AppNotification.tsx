import { useEffect, useMemo, useState } from 'react';
import type { SnackbarOrigin } from '@mui/material/Snackbar';
import type { SxProps, Theme } from '@mui/material/styles';
import { useLocation } from 'react-router-dom';
import { Notification, NotificationContext, useNotificationContext, type NotificationPayload } from 'react-admin';

/** Spec 000 sections 4 and 9: toasts wait 300 ms (500 ms on the sign-in page), then show for 1 s. */
export const TOAST_DELAY_MS = 300;
export const SIGN_IN_TOAST_DELAY_MS = 500;
export const TOAST_DURATION_MS = 1000;

interface Place {
  anchorOrigin: SnackbarOrigin;
  sx: SxProps<Theme>;
}

/** Where no app bar is (the sign-in page): MUI's top right corner, over nothing. */
const CORNER: Place = { anchorOrigin: { vertical: 'top', horizontal: 'right' }, sx: {} };
/** Room a toast needs beside the app bar's buttons; with less (a phone), it goes to the bottom. */
const MIN_WIDTH = 280;

/**
 * Top right (spec 000), over the app bar's title and short of its buttons: below the app bar it
 * covered the list's "+ New" (and before that, over the corner, the user menu), and a pointer
 * resting on a toast holds it open, so the button under it could not be reached until the
 * pointer moved away. The title is all the app bar has there that nobody clicks. Where the title
 * leaves too little room (a phone), bottom centre, above the fixed bottom bar of a form.
 */
function placeOf(): Place {
  const title = document.getElementById('react-admin-title');
  if (!title) return CORNER;
  const box = title.getBoundingClientRect();
  if (box.width < MIN_WIDTH) return { anchorOrigin: { vertical: 'bottom', horizontal: 'center' }, sx: { bottom: { xs: 72 } } };
  return {
    anchorOrigin: { vertical: 'top', horizontal: 'right' },
    sx: {
      top: { xs: Math.max(0, box.top), sm: Math.max(0, box.top) },
      right: { xs: window.innerWidth - box.right + 8, sm: window.innerWidth - box.right + 8 },
      left: 'auto',
      '& .MuiSnackbarContent-root': { maxWidth: box.width - 8, minWidth: 0 },
    },
  };
}

function sameNotification(a: NotificationPayload, b: NotificationPayload): boolean {
  return (
    a.type === b.type &&
    a.message === b.message &&
    JSON.stringify(a.notificationOptions?.messageArgs) === JSON.stringify(b.notificationOptions?.messageArgs)
  );
}

/**
 * Toasts at the top right (over the app bar's title) for one second, each shown after the spec's delay: react-admin's own
 * Notification reads a queue that only receives a message once it has waited.
 */
export function AppNotification() {
  const context = useNotificationContext();
  const { pathname } = useLocation();
  const delay = pathname === '/login' ? SIGN_IN_TOAST_DELAY_MS : TOAST_DELAY_MS;
  const [ready, setReady] = useState(false);
  const [place, setPlace] = useState<Place>(CORNER);
  const waiting = context.notifications.length > 0;
  useEffect(() => {
    if (!waiting || ready) return;
    const timer = setTimeout(() => {
      // Measured as each toast shows: the title's room changes with the window and the page.
      setPlace(placeOf());
      setReady(true);
    }, delay);
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
      <Notification anchorOrigin={place.anchorOrigin} autoHideDuration={TOAST_DURATION_MS} sx={place.sx} />
    </NotificationContext.Provider>
  );
}
