import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useAuthenticated, useAuthProvider } from 'react-admin';
import type { ConsoleAuthProvider } from '../../authProvider';

/**
 * react-admin's session check (checkAuth, signing the user out when it fails), asked as a screen
 * opens and again when a session check of the authProvider finds that the server ended the
 * session. A leaf of its own: its answers re-render nothing else (react-admin's list, which
 * asks this itself, is told not to: ResourceList).
 */
function ScreenSessionCheck() {
  const { refetch } = useAuthenticated();
  // Only the console's authProvider reports session changes; a test's may not.
  const subscribe = (useAuthProvider() as Partial<ConsoleAuthProvider> | undefined)?.subscribe;
  useEffect(
    () =>
      subscribe?.((change) => {
        if (change === 'ended') void refetch();
      }),
    [subscribe, refetch],
  );
  return null;
}

/** The session check of the screen on view: asked again when another screen opens. */
export function SessionCheck() {
  const screen = useLocation().pathname.split('/')[1] ?? '';
  return <ScreenSessionCheck key={screen} />;
}
