import { useDeferredValue } from 'react';

/**
 * False in the commit that mounts the caller, then true in a render React starts at once after it,
 * in the background (useDeferredValue with an initial value). For the parts of the frame a screen
 * does not need to be read: the app bar's items and the menu's links. Rendered in the console's
 * first commit, they made a list's first rows show ~0.1-0.2 s later on a cold load; deferred, the
 * rows show with the bar and the side bar, and the links and items follow (issue 14,
 * bench/FIRST-VISIT.md).
 */
export function useDeferredPart(): boolean {
  return useDeferredValue(true, false);
}
