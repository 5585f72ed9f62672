import { useState, type SyntheticEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import DeleteIcon from '@mui/icons-material/Delete';
import SaveIcon from '@mui/icons-material/Save';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MuiButton from '@mui/material/Button';
import Popover from '@mui/material/Popover';
import TextField from '@mui/material/TextField';
import { useListContext, useNotify, useTranslate } from 'react-admin';
import { createSavedFilter, deleteSavedFilter, savedFilters, type SavedFilter } from './listPreferences';
import { messageOf } from './failures';

/**
 * "Saved filters" on a list: the user's own named filters and those their group's members shared,
 * kept on the server (they follow the user to another computer). Choosing one applies it; the
 * current filters can be saved under a name, for oneself or for one's group; one's own can be deleted.
 * This is what the list's "Saved filters" button opens (ListToolButtons), loaded when it first does:
 * the menu at `anchor`, and the dialog naming the current filters.
 */
export function SavedFiltersMenu({ resource, anchor, onClose }: { resource: string; anchor: HTMLElement | null; onClose: () => void }) {
  const translate = useTranslate();
  const [saving, setSaving] = useState(false);
  return (
    <>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={onClose}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{ paper: { 'aria-label': translate('list_tools.saved.button') } }}
      >
        {anchor && (
          <SavedFilterList
            resource={resource}
            onApplied={onClose}
            onSaveCurrent={() => {
              onClose();
              setSaving(true);
            }}
          />
        )}
      </Popover>
      {saving && <SaveFilterDialog resource={resource} onClose={() => setSaving(false)} />}
    </>
  );
}

const queryKeyOf = (resource: string) => ['savedFilters', resource];

function SavedFilterList({ resource, onApplied, onSaveCurrent }: { resource: string; onApplied: () => void; onSaveCurrent: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { setFilters } = useListContext();
  const { data, isPending, error } = useQuery({
    queryKey: queryKeyOf(resource),
    queryFn: () => savedFilters(resource),
  });
  const remove = useMutation({
    mutationFn: (f: SavedFilter) => deleteSavedFilter(f.saved_filter_id),
    onSuccess: (_, f) => {
      notify('list_tools.saved.deleted', { type: 'success', messageArgs: { name: f.name } });
      return queryClient.invalidateQueries({ queryKey: queryKeyOf(resource) });
    },
    onError: (e) => notify(messageOf(e) || 'ra.notification.http_error', { type: 'error' }),
  });
  const detail = (f: SavedFilter) =>
    f.shared ? translate(f.mine ? 'list_tools.saved.shared_mine' : 'list_tools.saved.shared_by', { author: f.author }) : undefined;
  return (
    <>
      <List dense sx={{ minWidth: 260, maxWidth: 400 }}>
        {isPending && (
          <ListItem>
            <ListItemText primary={translate('list_tools.saved.loading')} />
          </ListItem>
        )}
        {error && (
          <ListItem>
            <ListItemText primary={messageOf(error)} slotProps={{ primary: { color: 'error' } }} />
          </ListItem>
        )}
        {data?.length === 0 && (
          <ListItem>
            <ListItemText secondary={translate('list_tools.saved.none')} />
          </ListItem>
        )}
        {data?.map((f) => (
          <ListItem
            key={f.saved_filter_id}
            disablePadding
            secondaryAction={
              f.mine ? (
                <IconButton
                  edge="end"
                  size="small"
                  aria-label={translate('list_tools.saved.delete', { name: f.name })}
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(f)}
                >
                  <DeleteIcon fontSize="small" />
                </IconButton>
              ) : undefined
            }
          >
            <ListItemButton
              onClick={() => {
                setFilters(f.filter, {});
                onApplied();
              }}
            >
              <ListItemText primary={f.name} secondary={detail(f)} />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
      {/* Outside the list: a separator is not a list item. */}
      <Divider />
      <List dense>
        <ListItem disablePadding>
          <ListItemButton onClick={onSaveCurrent}>
            <ListItemIcon>
              <SaveIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText primary={translate('list_tools.saved.save_current')} />
          </ListItemButton>
        </ListItem>
      </List>
    </>
  );
}

/** Names the list's current filters and keeps them on the server (for the user, or their group too). */
function SaveFilterDialog({ resource, onClose }: { resource: string; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const filterValues = useListContext().filterValues as Record<string, unknown>;
  const [name, setName] = useState('');
  const [shared, setShared] = useState(false);
  const save = useMutation({
    mutationFn: () => createSavedFilter(resource, { name: name.trim(), filter: filterValues, shared }),
    onSuccess: (saved) => {
      notify('list_tools.saved.saved', { type: 'success', messageArgs: { name: saved.name } });
      onClose();
      return queryClient.invalidateQueries({ queryKey: queryKeyOf(resource) });
    },
    onError: (e) => notify(messageOf(e) || 'ra.notification.http_error', { type: 'error' }),
  });
  const submit = (e: SyntheticEvent) => {
    e.preventDefault();
    if (name.trim()) save.mutate();
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="save-filter-title" fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="save-filter-title">{translate('list_tools.saved.dialog_title')}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={translate('list_tools.saved.name')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 100 } }}
            required
          />
          <FormControlLabel
            control={<Checkbox checked={shared} onChange={(e) => setShared(e.target.checked)} />}
            label={translate('list_tools.saved.share')}
          />
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={onClose}>{translate('list_tools.saved.cancel')}</MuiButton>
          <MuiButton type="submit" variant="contained" disabled={!name.trim() || save.isPending}>
            {translate('list_tools.saved.save')}
          </MuiButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
