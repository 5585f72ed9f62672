import { useId, useState, type KeyboardEvent } from 'react';
import { useDebounced } from '../../../useDebounced';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import { useNavigate } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { useRegistry } from '../../../registry-context';
import { readRecent, rememberRecent, type RecentRecord } from './recent';
import { searchableResources, useGlobalSearch, useListableResources } from './useGlobalSearch';

/** One result: a record, shown by its descriptor's title field. */
interface Option extends RecentRecord {
  key: string;
}
interface Section {
  label: string;
  options: Option[];
}

const titleOf = (value: unknown, id: string) => (typeof value === 'string' && value.trim() ? value : `#${id}`);

/** Recent records of resources the user may still list. */
function useRecentSection(): Section {
  const translate = useTranslate();
  const registry = useRegistry();
  const [recent] = useState(readRecent);
  const { allowed } = useListableResources(searchableResources(registry));
  const names = new Set(allowed.map((d) => d.name));
  return {
    label: translate('shell.search.recent'),
    options: recent.filter((r) => names.has(r.resource)).map((r) => ({ ...r, key: `${r.resource}:${r.id}` })),
  };
}

/**
 * The global search (spec 000's decorative search modal, made real): results grouped by resource,
 * arrow keys move through them, Enter opens the record's dialog (`/{resource}/{id}`). An empty query
 * shows the records opened lately.
 */
export function GlobalSearchDialog({ onClose }: { onClose: () => void }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [input, setInput] = useState('');
  const query = useDebounced(input.trim());
  const { groups } = useGlobalSearch(query);
  const recent = useRecentSection();
  const [active, setActive] = useState(0);
  const listId = useId();

  const sections: Section[] =
    query === ''
      ? recent.options.length
        ? [recent]
        : []
      : groups
          .filter((g) => g.records.length > 0)
          .map((g) => ({
            label: translate(`resources.${g.descriptor.name}.name`, { smart_count: 2, _: g.descriptor.name }),
            options: g.records.map((r) => {
              const id = String(r.id);
              return { key: `${g.descriptor.name}:${id}`, resource: g.descriptor.name, id, title: titleOf(r[g.descriptor.titleField], id) };
            }),
          }));
  const options = sections.flatMap((s) => s.options);
  const searching = query !== '' && groups.some((g) => g.isPending);
  const failed = groups.filter((g) => g.error);

  const open = (o: Option) => {
    rememberRecent({ resource: o.resource, id: o.id, title: o.title });
    onClose();
    void navigate(`/${o.resource}/${encodeURIComponent(o.id)}`);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (options.length) setActive((a) => (a + (e.key === 'ArrowDown' ? 1 : options.length - 1)) % options.length);
    } else if (e.key === 'Enter') {
      const o = options[active];
      if (o) {
        e.preventDefault();
        open(o);
      }
    }
  };
  const optionId = (i: number) => `${listId}-option-${i}`;
  // Index of each section's first option in the flat list the arrow keys move through.
  const starts = sections.map((_, n) => sections.slice(0, n).reduce((sum, s) => sum + s.options.length, 0));

  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby={`${listId}-title`}
      sx={{ '& .MuiDialog-container': { alignItems: 'flex-start' } }}
    >
      <DialogTitle id={`${listId}-title`}>{translate('shell.search.title')}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          value={input}
          onChange={(e) => {
            setInput(e.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          placeholder={translate('shell.search.placeholder')}
          slotProps={{
            htmlInput: {
              role: 'combobox',
              'aria-label': translate('shell.search.title'),
              'aria-expanded': options.length > 0,
              'aria-controls': listId,
              'aria-autocomplete': 'list',
              'aria-activedescendant': options[active] ? optionId(active) : undefined,
            },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon />
                </InputAdornment>
              ),
              endAdornment: searching ? (
                <InputAdornment position="end">
                  <CircularProgress size={18} aria-label={translate('shell.search.searching')} />
                </InputAdornment>
              ) : undefined,
            },
          }}
        />
        <Box id={listId} role="listbox" aria-label={translate('shell.search.results')} sx={{ mt: 1, maxHeight: '60vh', overflowY: 'auto' }}>
          {sections.map((s, n) => (
            <Box key={s.label} role="group" aria-label={s.label} sx={{ mb: 1 }}>
              <Typography variant="overline" color="text.secondary" component="div" aria-hidden>
                {s.label}
              </Typography>
              {s.options.map((o, k) => {
                const i = (starts[n] ?? 0) + k;
                return (
                  <ListItemButton
                    key={o.key}
                    id={optionId(i)}
                    role="option"
                    aria-selected={i === active}
                    selected={i === active}
                    tabIndex={-1}
                    onMouseMove={() => setActive(i)}
                    onClick={() => open(o)}
                    dense
                  >
                    <ListItemText primary={o.title} />
                  </ListItemButton>
                );
              })}
            </Box>
          ))}
        </Box>
        <Typography role="status" variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {query === ''
            ? options.length
              ? ''
              : translate('shell.search.no_recent')
            : searching
              ? translate('shell.search.searching')
              : options.length
                ? translate('shell.search.count', { smart_count: options.length })
                : translate('shell.search.no_results')}
          {failed.length > 0 &&
            ` ${translate('shell.search.failed', { resources: failed.map((g) => translate(`resources.${g.descriptor.name}.name`, { smart_count: 2 })).join(', ') })}`}
        </Typography>
      </DialogContent>
    </Dialog>
  );
}
