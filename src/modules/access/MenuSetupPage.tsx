import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { CanAccess, Confirm, useNotify, usePermissions, useTranslate } from 'react-admin';
import { PageHeading } from '../../screens/PageHeading';
import { accessApi, type MenuRecord } from './api';
import { AccessDeniedPage } from './AccessDeniedPage';
import { CONFLICT_FIELDS, MenuDialog } from './MenuDialog';
import { isConflict } from '../../../dataProvider/versions';
import { DeleteConflict, type RefusedDelete } from '../../screens/conflict/DeleteConflict';
import { MenuIcon } from './menu-icons';

type Editing = { menu?: MenuRecord; parent?: number } | undefined;

/** A menu and its descendants, flattened with their depth for one table. */
const descendants = (m: MenuRecord, depth = 0): { menu: MenuRecord; depth: number }[] =>
  m.menus.flatMap((c) => [{ menu: c, depth }, ...descendants(c, depth + 1)]);

function StatusChip({ on, yes, no }: { on: boolean; yes: string; no: string }) {
  return <Chip size="small" color={on ? 'success' : 'default'} variant={on ? 'filled' : 'outlined'} label={on ? yes : no} />;
}

/**
 * An accordion's header: the summary button (name, slug, status) with the menu's action buttons
 * beside it, not inside it (a button inside a button cannot be reached by keyboard nor read by a
 * screen reader; axe nested-interactive). Accordion reads the summary's `id` and `aria-controls`
 * from this element's props, for its region's label.
 */
function SummaryRow({
  id,
  'aria-controls': controls,
  children,
  actions,
}: {
  id: string;
  'aria-controls': string;
  children: ReactNode;
  actions: ReactNode;
}) {
  return (
    <Stack direction="row" sx={{ alignItems: 'center', pr: 1 }}>
      <AccordionSummary expandIcon={<ExpandMore />} aria-controls={controls} id={id} sx={{ flex: 1, minWidth: 0 }}>
        {children}
      </AccordionSummary>
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
        {actions}
      </Stack>
    </Stack>
  );
}

/** Menu setup (spec 000 section 2): top-level menus in an accordion, their sub-menus in tables. */
function MenuSetup() {
  const translate = useTranslate();
  const notify = useNotify();
  const { permissions } = usePermissions<string[] | undefined>();
  const may = (slug: string) => Array.isArray(permissions) && permissions.includes(slug);
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Editing>();
  const [deleting, setDeleting] = useState<MenuRecord>();
  // A delete refused because the menu changed since it was read: asked again, showing what changed.
  const [refused, setRefused] = useState<RefusedDelete>();
  const tree = useQuery({ queryKey: ['access', 'menus', search], queryFn: () => accessApi.menus(search) });
  const all = useQuery({ queryKey: ['access', 'menus-flat'], queryFn: () => accessApi.allMenus() });
  const groups = useQuery({ queryKey: ['access', 'groups'], queryFn: () => accessApi.groups() });
  const reload = () => {
    void tree.refetch();
    void all.refetch();
  };
  const yes = translate('app.yes');
  const no = translate('app.no');

  const remove = async () => {
    if (!deleting) return;
    try {
      await accessApi.deleteMenu(deleting.menu_id, deleting);
      notify('ra.notification.deleted', { type: 'success', messageArgs: { smart_count: 1 } });
      reload();
    } catch (error) {
      if (isConflict(error)) setRefused({ base: { ...deleting, id: deleting.menu_id }, error });
      else notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' });
    }
    setDeleting(undefined);
  };

  const options = (m: MenuRecord) => (
    <Stack
      direction="row"
      spacing={0.5}
      onClick={(e) => {
        e.stopPropagation();
      }}
      onFocus={(e) => {
        e.stopPropagation();
      }}
    >
      {may('menu/menu-update') && (
        <Tooltip title={translate('app.edit')}>
          <IconButton
            size="small"
            color="primary"
            aria-label={`${translate('app.edit')}: ${m.menu_name}`}
            onClick={() => {
              setEditing({ menu: m });
            }}
          >
            <EditIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {may('menu/menu-delete') && (
        <Tooltip title={translate('app.delete')}>
          <IconButton
            size="small"
            color="error"
            aria-label={`${translate('app.delete')}: ${m.menu_name}`}
            onClick={() => {
              setDeleting(m);
            }}
          >
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </Stack>
  );

  const columns = [
    'menu_position',
    'menu_name',
    'menu_icon',
    'menu_slug',
    'menu_api_method',
    'menu_visible_status',
    'permission_group',
    'menu_status',
  ];

  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, gap: 1 }}>
        <PageHeading title={translate('access.menu.title')} group={translate('access.settings')} />
        {may('menu/menu-create') && (
          <Button
            variant="contained"
            startIcon={<Add />}
            onClick={() => {
              setEditing({});
            }}
          >
            {translate('app.new')}
          </Button>
        )}
      </Stack>
      <TextField
        size="small"
        label={translate('app.search')}
        value={search}
        onChange={(e) => {
          setSearch(e.target.value);
        }}
        sx={{ maxWidth: 360 }}
        slotProps={{ htmlInput: { 'aria-label': translate('access.menu.search') } }}
      />
      {tree.isPending && <CircularProgress size={24} aria-label={translate('ra.page.loading')} />}
      {tree.error && <Alert severity="error">{tree.error.message}</Alert>}
      {tree.data?.length === 0 && <Typography>{translate('app.data_not_found')}</Typography>}
      <Box>
        {tree.data?.map((top) => (
          <Accordion key={top.menu_id} disableGutters defaultExpanded={Boolean(search)}>
            <SummaryRow
              id={`menu-${top.menu_id}-header`}
              aria-controls={`menu-${top.menu_id}-content`}
              actions={
                <>
                  {may('menu/menu-create') && (
                    <Tooltip title={translate('access.menu.add_child')}>
                      <IconButton
                        size="small"
                        aria-label={`${translate('access.menu.add_child')}: ${top.menu_name}`}
                        onClick={() => {
                          setEditing({ parent: top.menu_id });
                        }}
                      >
                        <Add fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  )}
                  {options(top)}
                </>
              }
            >
              <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flex: 1, flexWrap: 'wrap' }}>
                <MenuIcon name={top.menu_icon} color="action" />
                <Typography sx={{ fontWeight: 600 }}>{top.menu_name}</Typography>
                <Typography variant="caption" color="text.secondary">
                  {top.menu_slug} · {translate('access.menu.fields.menu_position')} {top.menu_position}
                </Typography>
                <StatusChip on={top.menu_status === 1} yes={translate('app.active')} no={translate('app.inactive')} />
              </Stack>
            </SummaryRow>
            <AccordionDetails id={`menu-${top.menu_id}-content`} sx={{ overflowX: 'auto' }}>
              {top.menus.length === 0 ? (
                <Typography variant="body2">{translate('app.data_not_found')}</Typography>
              ) : (
                <Table size="small" aria-label={top.menu_name}>
                  <TableHead>
                    <TableRow>
                      {columns.map((c) => (
                        <TableCell key={c}>{translate(`access.menu.fields.${c}`)}</TableCell>
                      ))}
                      <TableCell>{translate('app.options')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {descendants(top).map(({ menu: m, depth }) => (
                      <TableRow key={m.menu_id}>
                        <TableCell>{m.menu_position}</TableCell>
                        <TableCell sx={{ pl: 2 + depth * 2 }}>{m.menu_name}</TableCell>
                        <TableCell>
                          <Tooltip title={m.menu_icon}>
                            <span>
                              <MenuIcon name={m.menu_icon} fontSize="small" color="action" />
                            </span>
                          </Tooltip>
                        </TableCell>
                        <TableCell>{m.menu_slug}</TableCell>
                        <TableCell>{m.menu_api_method.toUpperCase()}</TableCell>
                        <TableCell>
                          <StatusChip on={m.menu_visible_status === 1} yes={yes} no={no} />
                        </TableCell>
                        <TableCell>{m.permissions.map((p) => p.group.group_name).join(', ')}</TableCell>
                        <TableCell>
                          <StatusChip on={m.menu_status === 1} yes={translate('app.active')} no={translate('app.inactive')} />
                        </TableCell>
                        <TableCell>{options(m)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              )}
            </AccordionDetails>
          </Accordion>
        ))}
      </Box>
      {editing && (
        <MenuDialog
          key={editing.menu?.menu_id ?? `new-${editing.parent ?? 0}`}
          menu={editing.menu}
          parent={editing.parent}
          allMenus={all.data ?? []}
          groups={groups.data ?? []}
          onClose={() => {
            setEditing(undefined);
          }}
          onSaved={() => {
            setEditing(undefined);
            reload();
          }}
        />
      )}
      {refused && (
        <DeleteConflict
          resource="menu"
          refused={refused}
          fields={CONFLICT_FIELDS}
          remove={(theirs) => accessApi.deleteMenu(Number(theirs.id), theirs as unknown as MenuRecord)}
          onDeleted={() => {
            setRefused(undefined);
            reload();
          }}
          onCancel={() => {
            setRefused(undefined);
            reload();
          }}
        />
      )}
      <Confirm
        isOpen={Boolean(deleting)}
        title="app.confirm_delete"
        content={deleting ? `${deleting.menu_name} (${deleting.menu_slug})` : ''}
        confirm="app.yes"
        cancel="app.no"
        confirmColor="warning"
        onConfirm={() => void remove()}
        onClose={() => {
          setDeleting(undefined);
        }}
      />
    </Box>
  );
}

/** `/settings/menu-setup`: needs `menu/menu-list`; otherwise the access-denied page. */
export function MenuSetupPage() {
  return (
    <CanAccess resource="menu/menu-list" action="list" accessDenied={<AccessDeniedPage />}>
      <MenuSetup />
    </CanAccess>
  );
}
