import { useCallback, useLayoutEffect, useState, type MouseEvent } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Tooltip from '@mui/material/Tooltip';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import ViewWeekIcon from '@mui/icons-material/ViewWeek';
import { useTranslate } from 'react-admin';

/**
 * The place of a list's column chooser, made in the list's first commit.
 *
 * react-admin's DataTable portals its column list into the element with the id
 * `{storeKey}-columnsSelector`, which its ColumnsButton makes inside its popover; the table looks
 * for that element for 500 ms after it mounts (ColumnsSelector) and then never again. Our lists
 * paint their rows first and add the tools' row right after (useDeferredPart), so on a busy
 * computer the button came later than that and the chooser opened empty. This element exists from
 * the first commit on. It is made outside React (a portal or a popover would set state as it
 * mounts, a second render before the rows are painted), waits hidden at the end of the page, and
 * moves into the chooser's popover once that is there.
 */
export function useColumnsPlace(storeKey: string): HTMLElement | null {
  const [place] = useState(() => (typeof document === 'undefined' ? null : document.createElement('div')));
  useLayoutEffect(() => {
    if (!place) return;
    park(place, `${storeKey}-columnsSelector`);
    return () => place.remove();
  }, [place, storeKey]);
  return place;
}

/** The place named as react-admin looks for it, hidden at the end of the page until the chooser takes it. */
function park(place: HTMLElement, id: string) {
  place.id = id;
  if (place.isConnected) return;
  place.hidden = true;
  document.body.appendChild(place);
}

/** The place moved into the chooser's popover (once: the popover stays mounted), shown with it. */
function moveInto(box: HTMLElement, place: HTMLElement) {
  if (place.parentNode !== box) box.appendChild(place);
  place.hidden = false;
}

/** react-admin's ColumnsButton (same words, icon and popover), around the place made above. */
export function ColumnsChooser({ place }: { place: HTMLElement | null }) {
  const translate = useTranslate();
  const isXSmall = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const title = translate('ra.action.select_columns', { _: 'Columns' });
  const open = (event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget);
  const adopt = useCallback(
    (box: HTMLDivElement | null) => {
      if (box && place) moveInto(box, place);
    },
    [place],
  );
  return (
    <span>
      {isXSmall ? (
        <Tooltip title={title}>
          <IconButton aria-label={title} color="primary" onClick={open} size="large">
            <ViewWeekIcon />
          </IconButton>
        </Tooltip>
      ) : (
        <Button size="small" onClick={open} startIcon={<ViewWeekIcon />} sx={{ lineHeight: 1.5 }}>
          {title}
        </Button>
      )}
      <Popover
        open={anchor !== null}
        keepMounted
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        transformOrigin={{ vertical: 'top', horizontal: 'left' }}
      >
        <div ref={adopt} style={{ padding: '0 8px', minWidth: 200 }} />
      </Popover>
    </span>
  );
}
