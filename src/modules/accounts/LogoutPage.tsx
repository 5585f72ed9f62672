import { useEffect, useRef } from 'react';
import { Loading, useLogout } from 'react-admin';

/**
 * `/logout` (spec 000): calls the sign-out endpoint, clears what the console stored and lands on
 * /login, also when the call fails (authProvider.logout swallows the failure).
 */
export function LogoutPage() {
  const logout = useLogout();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // Not back to /logout after the next sign-in: that would sign the user out again.
    void logout({}, '/login', false);
  }, [logout]);
  return <Loading />;
}
