import { createContext } from 'react';

/**
 * The lock's cover element (LockCover), where the lock screen's dialog is mounted: a dialog mounted
 * elsewhere would be hidden with the rest of the page, and MUI's modal hides the siblings of its
 * own container from assistive technology (with the cover as container there are none).
 */
export const LockCoverContext = createContext<HTMLElement | null>(null);
