import { useEffect, useRef } from 'react';
import { Loading, useLogout } from 'react-admin';

/**
 * `/logout` (spec 000): calls the sign-out endpoint, clears what the console stored and lands on
 * /login, also when the call fails (authProvider.logout swallows the failure); after a directory
 * (OpenID) sign-in, through the provider's own sign-out first (RP-initiated logout).
 */
export function LogoutPage() {
  const logout = useLogout();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // Not back to /logout after the next sign-in: that would sign the user out again. Where to go
    // is authProvider.logout's answer (/login, or the OpenID provider's end-session page): a
    // destination given here would win over it and keep the provider's session alive.
    void logout({}, undefined, false);
  }, [logout]);
  return <Loading />;
}
