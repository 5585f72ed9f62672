import { useLayoutEffect, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTheme } from '@mui/material/styles';
import { hidePage } from './hidePage';
import { LockCoverContext } from './lock-cover-context';

/**
 * What the lock puts over the console: an opaque layer over the whole window, drawn in the same
 * render that locks (not when the lock screen's code has arrived, nor faded in), with the page
 * behind it made inert and hidden from assistive technology (hidePage). On a shared ward
 * computer nothing of the open form may be read or reached: a lock that only covered the form with
 * the word "Locked" left its values readable and its inputs reachable behind it.
 */
export function LockCover({ children }: { children: ReactNode }) {
  const theme = useTheme();
  const [cover, setCover] = useState<HTMLDivElement | null>(null);
  // Before the browser paints: the page is never shown unhidden under a lock.
  useLayoutEffect(() => (cover ? hidePage(cover) : undefined), [cover]);
  return createPortal(
    <div
      ref={setCover}
      data-testid="lock-cover"
      style={{
        position: 'fixed',
        inset: 0,
        // Above every other layer of the console (dialogs 1300, snackbars 1400, tooltips 1500).
        zIndex: 2000,
        background: theme.palette.background.default,
        overflow: 'auto',
      }}
    >
      {/* The lock screen's dialog goes inside the cover, once there is one. */}
      <LockCoverContext.Provider value={cover}>{cover && children}</LockCoverContext.Provider>
    </div>,
    document.body,
  );
}
