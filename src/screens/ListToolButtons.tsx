import { useState } from 'react';
import BookmarksIcon from '@mui/icons-material/Bookmarks';
import { Button } from 'react-admin';
import { lazyComponent } from '../lazy';

export { ServerColumns } from './ListColumns';
export { SpreadsheetButtons } from '../modules/spreadsheets/SpreadsheetButtons';

// The saved filters' menu and dialog load when the user reaches for the button (pointer over it,
// focus, or a click): a list shows only the button.
const SavedFiltersMenu = lazyComponent(() => import('./SavedFilters').then((m) => m.SavedFiltersMenu), null);

/**
 * The list tools' buttons, one small chunk loaded after the list (ListTools): what each opens is a
 * chunk of its own. "Saved filters" opens its menu (SavedFiltersMenu).
 */
export function SavedFiltersButton({ resource }: { resource: string }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [opened, setOpened] = useState(false);
  const preload = () => void SavedFiltersMenu.preload();
  return (
    <>
      <Button
        label="list_tools.saved.button"
        onClick={(e) => {
          setAnchor(e.currentTarget);
          setOpened(true);
        }}
        onPointerEnter={preload}
        onFocus={preload}
        aria-haspopup="dialog"
      >
        <BookmarksIcon />
      </Button>
      {/* Kept once opened: the dialog naming the current filters outlives the menu. */}
      {opened && <SavedFiltersMenu resource={resource} anchor={anchor} onClose={() => setAnchor(null)} />}
    </>
  );
}
