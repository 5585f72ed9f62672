import { useState } from 'react';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { HttpError, useNotify, useTranslate } from 'react-admin';
import { accessApi, type GroupOption, type MenuInput, type MenuRecord } from './api';
import { IconPicker } from './IconPicker';
import { ConflictGuard, type RefusedSave } from '../../screens/conflict/ConflictGuard';
import type { ConflictField } from '../../screens/conflict/fieldValues';
import { isConflict } from '../../../dataProvider/versions';
import { RecordHistoryButton } from '../audit/RecordHistoryButton';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
/** The menu's name in the console's other languages; an empty one shows the name above. */
const OTHER_NAMES = ['menu_name_bn', 'menu_name_es', 'menu_name_my'] as const;

/** The spec's defaults for a new menu. */
export const NEW_MENU: MenuInput = {
  menu_name: '',
  menu_name_bn: '',
  menu_name_es: '',
  menu_name_my: '',
  menu_slug: '',
  menu_position: 1,
  main_menu: 0,
  sub_menu: 'No',
  menu_api_method: 'get',
  menu_icon: 'bx bx-border-all',
  menu_shortcut_status: 0,
  menu_visible_status: 1,
  menu_status: 1,
  permission_group: [],
};

const toInput = (m: MenuRecord): MenuInput => ({
  menu_name: m.menu_name,
  menu_name_bn: m.menu_name_bn ?? '',
  menu_name_es: m.menu_name_es ?? '',
  menu_name_my: m.menu_name_my ?? '',
  menu_slug: m.menu_slug,
  menu_position: m.menu_position,
  main_menu: m.main_menu,
  sub_menu: m.sub_menu,
  menu_api_method: m.menu_api_method,
  menu_icon: m.menu_icon,
  menu_shortcut_status: m.menu_shortcut_status,
  menu_visible_status: m.menu_visible_status,
  menu_status: m.menu_status,
  permission_group: m.permission_group,
});

/** What the conflict dialog compares of a menu. */
export const CONFLICT_FIELDS: ConflictField[] = [
  ...(['menu_name', 'menu_slug', ...OTHER_NAMES, 'menu_position', 'main_menu', 'sub_menu', 'menu_api_method', 'menu_icon'] as const).map(
    (name) => ({ name, label: `access.menu.fields.${name}` }),
  ),
  { name: 'permission_group', label: 'access.menu.fields.permission_group', kind: 'list' },
  ...(['menu_shortcut_status', 'menu_visible_status', 'menu_status'] as const).map((name) => ({
    name,
    label: `access.menu.fields.${name}`,
    kind: 'flag' as const,
  })),
];

/** Every menu but `id` and its descendants: the parents a menu may be moved under. */
function parentChoices(all: readonly MenuRecord[], id: number | undefined): MenuRecord[] {
  if (id === undefined) return [...all];
  const banned = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const m of all) {
      if (banned.has(m.menu_id) || !banned.has(m.main_menu)) continue;
      banned.add(m.menu_id);
      grew = true;
    }
  }
  return all.filter((m) => !banned.has(m.menu_id));
}

interface Props {
  /** The menu to edit, or undefined to create one (optionally under `parent`). */
  menu?: MenuRecord;
  parent?: number;
  allMenus: readonly MenuRecord[];
  groups: readonly GroupOption[];
  onClose: () => void;
  onSaved: () => void;
}

/** Create or edit a menu: numbers sent as integers, groups as a sorted list of ids. */
export function MenuDialog({ menu, parent, allMenus, groups, onClose, onSaved }: Props) {
  const translate = useTranslate();
  const notify = useNotify();
  const [values, setValues] = useState<MenuInput>(() => (menu ? toInput(menu) : { ...NEW_MENU, main_menu: parent ?? 0 }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  // The menu as last read: its version goes with a save, so someone else's change is never overwritten unseen.
  const [read, setRead] = useState(menu);
  const [refused, setRefused] = useState<RefusedSave>();
  const set = <K extends keyof MenuInput>(key: K, value: MenuInput[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
  };
  const label = (field: string) => translate(`access.menu.fields.${field}`);

  async function save() {
    setBusy(true);
    const body: MenuInput = {
      ...values,
      menu_position: Number.isFinite(values.menu_position) ? Math.trunc(values.menu_position) : 0,
      main_menu: Math.trunc(values.main_menu),
      permission_group: [...values.permission_group].sort((a, b) => a - b),
    };
    try {
      if (menu) await accessApi.updateMenu(menu.menu_id, body, read);
      else await accessApi.createMenu(body);
      notify(menu ? 'ra.notification.updated' : 'ra.notification.created', { type: 'success', messageArgs: { smart_count: 1 } });
      onSaved();
    } catch (error) {
      if (isConflict(error)) {
        setRefused({ error, yours: { ...values } });
        return;
      }
      const body = error instanceof HttpError ? (error.body as { errors?: Record<string, string> } | undefined) : undefined;
      setErrors(body?.errors ?? {});
      notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  }

  const text = (field: 'menu_name' | 'menu_slug' | (typeof OTHER_NAMES)[number], hint?: string) => (
    <TextField
      fullWidth
      size="small"
      label={label(field)}
      value={values[field] ?? ''}
      error={Boolean(errors[field])}
      helperText={errors[field] ?? hint}
      onChange={(e) => {
        set(field, e.target.value);
      }}
    />
  );
  const flag = (field: 'menu_shortcut_status' | 'menu_visible_status' | 'menu_status') => (
    <FormControlLabel
      control={
        <Switch
          checked={values[field] === 1}
          onChange={(e) => {
            set(field, e.target.checked ? 1 : 0);
          }}
        />
      }
      label={label(field)}
    />
  );

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="menu-dialog-title">
      <DialogTitle id="menu-dialog-title">{translate(menu ? 'access.menu.edit' : 'access.menu.create')}</DialogTitle>
      {menu && <RecordHistoryButton resource="menu" id={menu.menu_id} onRestored={onSaved} corner />}
      <DialogContent dividers>
        {menu && read && (
          <ConflictGuard
            resource="menu"
            id={menu.menu_id}
            fields={CONFLICT_FIELDS}
            base={{ ...read }}
            refused={refused}
            yours={() => ({ ...values })}
            read={async () => ({ ...(await accessApi.getMenu(menu.menu_id)) })}
            save={async (merged, theirs) => ({
              ...(await accessApi.updateMenu(menu.menu_id, merged, theirs as unknown as MenuRecord)),
            })}
            reload={(theirs) => {
              setRead(theirs as unknown as MenuRecord);
              setValues(toInput(theirs as unknown as MenuRecord));
            }}
            onSaved={() => {
              notify('ra.notification.updated', { type: 'success', messageArgs: { smart_count: 1 } });
              onSaved();
            }}
          />
        )}
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>{text('menu_name')}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{text('menu_slug')}</Grid>
          {OTHER_NAMES.map((field) => (
            <Grid key={field} size={{ xs: 12, sm: 4 }}>
              {text(field, translate('access.menu.other_name_hint'))}
            </Grid>
          ))}
          <Grid size={{ xs: 12, sm: 4 }}>
            <TextField
              fullWidth
              size="small"
              type="number"
              label={label('menu_position')}
              value={values.menu_position}
              error={Boolean(errors.menu_position)}
              helperText={errors.menu_position}
              onChange={(e) => {
                set('menu_position', Number(e.target.value));
              }}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 8 }}>
            <TextField
              select
              fullWidth
              size="small"
              label={label('main_menu')}
              value={values.main_menu}
              error={Boolean(errors.main_menu)}
              helperText={errors.main_menu}
              onChange={(e) => {
                set('main_menu', Number(e.target.value));
              }}
            >
              <MenuItem value={0}>{translate('access.menu.no_parent')}</MenuItem>
              {parentChoices(allMenus, menu?.menu_id).map((m) => (
                <MenuItem key={m.menu_id} value={m.menu_id}>
                  {m.menu_name} ({m.menu_slug})
                </MenuItem>
              ))}
            </TextField>
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <TextField
              select
              fullWidth
              size="small"
              label={label('sub_menu')}
              value={values.sub_menu}
              onChange={(e) => {
                set('sub_menu', e.target.value);
              }}
            >
              <MenuItem value="Yes">{translate('app.yes')}</MenuItem>
              <MenuItem value="No">{translate('app.no')}</MenuItem>
            </TextField>
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <TextField
              select
              fullWidth
              size="small"
              label={label('menu_api_method')}
              value={values.menu_api_method}
              onChange={(e) => {
                set('menu_api_method', e.target.value);
              }}
            >
              {METHODS.map((m) => (
                <MenuItem key={m} value={m}>
                  {m.toUpperCase()}
                </MenuItem>
              ))}
            </TextField>
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <TextField
              select
              fullWidth
              size="small"
              label={label('permission_group')}
              value={values.permission_group}
              error={Boolean(errors.permission_group)}
              helperText={errors.permission_group}
              slotProps={{
                select: {
                  multiple: true,
                  renderValue: (ids) =>
                    (ids as number[]).map((id) => groups.find((g) => g.group_id === id)?.group_name ?? String(id)).join(', '),
                },
              }}
              onChange={(e) => {
                set('permission_group', (e.target.value as unknown as number[]).map(Number));
              }}
            >
              {groups.map((g) => (
                <MenuItem key={g.group_id} value={g.group_id}>
                  <Checkbox size="small" checked={values.permission_group.includes(g.group_id)} />
                  <ListItemText primary={g.group_name} secondary={g.group_code} />
                </MenuItem>
              ))}
            </TextField>
          </Grid>
          <Grid size={12}>
            <IconPicker
              value={values.menu_icon}
              onChange={(name) => {
                set('menu_icon', name);
              }}
            />
          </Grid>
          <Grid size={12}>
            {flag('menu_visible_status')}
            {flag('menu_shortcut_status')}
            {flag('menu_status')}
          </Grid>
        </Grid>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={() => void save()} disabled={busy}>
          {translate(busy ? 'app.processing' : 'app.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
