import { Notification } from 'react-admin';

/** Toasts at the top right for one second (spec 001 section 9). */
export function AppNotification() {
  return <Notification anchorOrigin={{ vertical: 'top', horizontal: 'right' }} autoHideDuration={1000} />;
}
