import { useEffect } from 'react';
import { lazyComponent, withToolMessages } from '../../lazy';
import { idleMs, lockNow, useLocked } from './lock-state';
import { LockCover } from './LockCover';

// Fetched when the console locks (with its words), not with the first screen.
const LockScreen = lazyComponent(
  withToolMessages('second-factor', () => import('./LockScreen').then((m) => m.LockScreen)),
  null,
);
const ACTIVITY = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;

/**
 * Locks the console after the idle time without a key, pointer or scroll, and shows the lock screen
 * over whatever is open: the cover hides the page at once, the lock screen's form appears in it
 * when its code has arrived. Sits among the app bar's items, so it lives exactly as long as the
 * signed-in layout.
 */
export function LockWatcher() {
  const locked = useLocked();
  useEffect(() => {
    if (locked) return;
    let timer = window.setTimeout(lockNow, idleMs());
    const again = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(lockNow, idleMs());
    };
    for (const e of ACTIVITY) window.addEventListener(e, again, { passive: true, capture: true });
    return () => {
      window.clearTimeout(timer);
      for (const e of ACTIVITY) window.removeEventListener(e, again, { capture: true });
    };
  }, [locked]);
  return locked ? (
    <LockCover>
      <LockScreen />
    </LockCover>
  ) : null;
}
