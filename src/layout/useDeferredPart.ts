import { useDeferredValue } from 'react';

/**
 * False in the commit that mounts the caller, then true in a render React starts at once after it,
 * in the background (useDeferredValue with an initial value). For the parts a screen does not need
 * to be read, so that a list's first rows are painted sooner:
 * - the app bar's items and the menu's links: less to render before a list's first rows;
 * - the tooltips, selects and forms (the sort controls, the filter bar, the pagination): MUI's
 *   Tooltip and Select and react-hook-form set state from a ref as they mount. React renders such
 *   an update at once, and runs the first commit's effects first, so react-admin's two resource
 *   registration re-renders of the whole layout came before the browser could paint the rows.
 * A part that is not simply added where nothing else moves keeps its place meanwhile (see
 * ResourceList's FilterBarPlace and SORT_PENDING).
 */
export function useDeferredPart(): boolean {
  return useDeferredValue(true, false);
}
