import { useCallback, useRef, type ElementType } from 'react';
import IconButton, { type IconButtonProps } from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';

type Props = IconButtonProps & {
  /** Shown on hover and focus once `tooltip` is true. */
  title: string;
  /**
   * False in a screen's first commit (useDeferredPart): MUI's Tooltip sets state from a ref as it
   * mounts, which React renders at once, before the browser paints the first rows.
   */
  tooltip: boolean;
  /** Another element to render, e.g. a router Link (with its `to`). */
  component?: ElementType;
  to?: string;
};

/**
 * An icon button whose tooltip may come after its first commit. Wrapping it in the tooltip
 * replaces its element; if that had the keyboard focus, the new one takes it (React detaches the
 * old element's ref before removing it, and attaches the new one's after).
 */
export function TooltipIconButton({ title, tooltip, ...button }: Props) {
  const focusNext = useRef(false);
  const handOverFocus = useCallback((el: HTMLElement | null) => {
    if (!el) return;
    if (focusNext.current) {
      focusNext.current = false;
      el.focus();
    }
    return () => {
      focusNext.current = el === document.activeElement;
    };
  }, []);
  const element = <IconButton {...button} ref={handOverFocus} />;
  return tooltip ? <Tooltip title={title}>{element}</Tooltip> : element;
}
