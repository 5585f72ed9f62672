import { useEffect, useState } from 'react';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import SearchIcon from '@mui/icons-material/Search';
import { matchPath, useLocation } from 'react-router-dom';
import { useGetOne, useTranslate, type RaRecord } from 'react-admin';
import { useRegistry } from '../../../registry-context';
import { lazyComponent } from '../../../lazy';
import { rememberRecent } from './recent';

/** The dialog (its search, results and recent list) is fetched when first opened, or pointed at. */
const GlobalSearchDialog = lazyComponent(() => import('./GlobalSearchDialog').then((m) => m.GlobalSearchDialog), null);
const preloadDialog = () => {
  void GlobalSearchDialog.preload();
};

/**
 * A record's id in an address: every descriptor's id is an integer (server/db/sync.ts), so
 * `/users/reset-password` or `/users/my-profile` is a page under the resource's path, not a record.
 */
const RECORD_ID = /^\d+$/;

/** Remembers every record whose dialog is opened (`/{resource}/{id}`), from the search or from a list. */
function RecentTracker() {
  const registry = useRegistry();
  const { pathname } = useLocation();
  const match = matchPath('/:resource/:id', pathname);
  const d = match?.params.resource ? registry.find(match.params.resource) : undefined;
  const id = d && !d.singleton && RECORD_ID.test(match?.params.id ?? '') ? match?.params.id : undefined;
  // Same query as the edit dialog's own load, so this reads the cache rather than asking again.
  // The same options too: a shared query takes the last observer's, and the dialog must not retry a 404.
  const { data } = useGetOne<RaRecord>(
    d?.name ?? '',
    { id: id ?? '' },
    { enabled: id !== undefined, retry: false, refetchOnReconnect: false, refetchOnWindowFocus: false },
  );
  useEffect(() => {
    if (!d || !data || String(data.id) !== id) return;
    const title: unknown = data[d.titleField];
    rememberRecent({ resource: d.name, id, title: typeof title === 'string' && title.trim() ? title : `#${id}` });
  }, [d, data, id]);
  return null;
}

/** The app bar's search button; Ctrl+K (Cmd+K) opens the search from anywhere. */
export function SearchButton() {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        setOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  const label = translate('shell.search.open');
  return (
    <>
      <Tooltip title={label}>
        <IconButton
          color="inherit"
          onClick={() => setOpen(true)}
          onPointerEnter={preloadDialog}
          onFocus={preloadDialog}
          aria-label={label}
          aria-keyshortcuts="Control+K"
        >
          <SearchIcon />
        </IconButton>
      </Tooltip>
      {open && <GlobalSearchDialog onClose={() => setOpen(false)} />}
      <RecentTracker />
    </>
  );
}
