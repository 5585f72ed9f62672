import type { ReactElement } from 'react';
import Tooltip from '@mui/material/Tooltip';

/**
 * `children` with a tooltip once `on`: a button in a screen's first commit gets its tooltip just
 * after it (useDeferredPart), as MUI's Tooltip sets state from a ref as it mounts.
 */
export function TooltipWhen({ on, title, children }: { on: boolean; title: string; children: ReactElement }) {
  return on ? <Tooltip title={title}>{children}</Tooltip> : children;
}
