import { useEffect } from 'react';
import { idleMs, lockNow, useLocked } from './lock-state';
// Part of the signed-in shell, not a chunk of its own: it is built from the parts the shell's
// dialogs already load, and a chunk of its own split those shared parts into more first-visit files.
import { LockScreen } from './LockScreen';
const ACTIVITY = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;

/**
 * Locks the console after the idle time without a key, pointer or scroll, and shows the lock screen
 * over whatever is open. Sits among the app bar's
 * items, so it lives exactly as long as the signed-in layout.
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
  return locked ? <LockScreen /> : null;
}
