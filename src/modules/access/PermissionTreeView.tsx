import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CheckBox from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlank from '@mui/icons-material/CheckBoxOutlineBlank';
import IndeterminateCheckBox from '@mui/icons-material/IndeterminateCheckBox';
import ChevronRight from '@mui/icons-material/ChevronRight';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Undo from '@mui/icons-material/Undo';
import { useNotify, useTranslate } from 'react-admin';
import type { PermissionChange, PermissionEntry } from './api';
import { changes, checkState, filterIds, indexTree, statusesOf, toggle, type CheckState, type Statuses } from './tree-logic';
import { MenuIcon } from './menu-icons';
import { ruledFields, withFieldNodes, type FieldRulesModel } from './field-rules';
import { FieldRuleChoice } from './FieldRuleChoice';
import type { ResourceDescriptor } from '../../../resources';
import { useMenuLabel } from './menuLabel';

export type Source = NonNullable<PermissionEntry['permission_source']>;

export interface PermissionTreeViewProps {
  /** The tree as `/permission/permission-list` (or `-list-user`) answers it. */
  entries: readonly PermissionEntry[];
  /**
   * Saves what one toggle (or reset) changed. Resolve to keep the change; reject (an Error
   * with the server's message) to have it rolled back with an error toast. `states`: the
   * statuses on screen before and after the toggle (for a conflict dialog).
   */
  onSave: (changes: PermissionChange[], states: { before: Statuses; after: Statuses }) => Promise<unknown>;
  /** 'user': entries carry `group_permission_status`; those that differ are marked and can be reset to the group. */
  mode?: 'group' | 'user';
  /** Accessible name of the tree (e.g. "Permissions of Branch Manager"). */
  label: string;
  readOnly?: boolean;
  /**
   * 'user' mode: where an entry's state comes from as it is on screen (the group, or this user's
   * own grant or denial, by whom and when), shown beside its name and read as part of it.
   */
  originOf?: (entry: PermissionEntry, source: Source) => string | undefined;
  /**
   * The field level (issue 47): under each resource's action entries, a node of its fields, each
   * hidden, read-only or editable for the group or user (see FieldRuleChoice). None: no such level.
   */
  fields?: FieldRulesModel;
}

/** One item on screen: a catalogue entry, a resource's fields node, or one field (or "all fields") of it. */
type Row = { key: string; parent?: string; level: number; position: number; size: number } & (
  | { kind: 'entry'; entry: PermissionEntry }
  | { kind: 'fields'; resource: ResourceDescriptor }
  | { kind: 'field'; resource: ResourceDescriptor; field?: string }
);

const entryKey = (id: number) => `m${String(id)}`;
const fieldsKey = (d: ResourceDescriptor) => `r:${d.name}`;

/**
 * A space between the parts of a row's text: the flex layout spaces them on screen, and the space
 * keeps them apart as words in the row's text too (what a screen reader or axe reads as the item's
 * visible text: "Medicine List medicine/medicine-list", not "Medicine Listmedicine/...").
 */
const SPACE = ' ';

/** One line cut with an ellipsis where there is room; whole words wrapped on a phone (360 px), not cut to "Branc...". */
const WRAP_ON_PHONE = {
  minWidth: 0,
  overflowWrap: 'anywhere',
  whiteSpace: { xs: 'normal', sm: 'nowrap' },
  overflow: { sm: 'hidden' },
  textOverflow: { sm: 'ellipsis' },
} as const;

const ICON: Record<string, typeof CheckBox> = { true: CheckBox, false: CheckBoxOutlineBlank, mixed: IndeterminateCheckBox };

/**
 * The catalogue as a tree of check boxes, following the WAI-ARIA tree pattern: one tab stop,
 * arrow keys move (Right/Left open, close or go to the child or parent), Home/End jump, Space
 * toggles. Each toggle saves at once (optimistic) and rolls back if the server refuses.
 */
export function PermissionTreeView({
  entries,
  onSave,
  mode = 'group',
  label,
  readOnly = false,
  originOf,
  fields,
}: PermissionTreeViewProps) {
  const translate = useTranslate();
  const notify = useNotify();
  // Each entry named as the navigation names it, in the user's language.
  const nameOf = useMenuLabel();
  const ix = useMemo(() => indexTree(entries), [entries]);
  const [statuses, setStatuses] = useState<Statuses>(() => statusesOf(ix));
  const [sources, setSources] = useState<ReadonlyMap<number, Source>>(
    () => new Map(ix.order.map((e) => [e.menu_id, e.permission_source ?? 'group'])),
  );
  // New entries (the set as stored after a conflict was settled) replace the states on screen;
  // what is open and the filter stay (state adjusted while rendering, as React advises).
  const [shown, setShown] = useState(entries);
  if (shown !== entries) {
    setShown(entries);
    setStatuses(statusesOf(ix));
    setSources(new Map(ix.order.map((e) => [e.menu_id, e.permission_source ?? 'group'])));
  }
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const [filter, setFilter] = useState('');
  const [focusId, setFocusId] = useState<string | undefined>(ix.order[0] && entryKey(ix.order[0].menu_id));
  const items = useRef(new Map<string, HTMLElement>());
  // A field row's radio that Space or Enter on the row moves the focus to.
  const radios = useRef(new Map<string, HTMLElement>());

  const kept = useMemo(() => filterIds(ix, filter, nameOf), [ix, filter, nameOf]);
  // A filter opens the entries it keeps; a fields node opens only when asked (its fields are many).
  const isOpen = (key: string) => (kept !== undefined && key.startsWith('m')) || expanded.has(key);
  const registry = fields?.registry;
  /**
   * The entries on screen, top to bottom, each with its place among its shown siblings: the tree is
   * one flat list of items carrying their level, as the ARIA tree pattern allows, so that an item
   * holds its own row only and its accessible name can be its visible text (nested items would be
   * part of their parent's text).
   */
  const rows = useMemo(() => {
    const out: Row[] = [];
    const walk = (list: readonly PermissionEntry[], level: number, parent?: string) => {
      const children = registry ? withFieldNodes(list, registry) : list.map((entry) => ({ kind: 'entry' as const, entry }));
      const shownHere = children.filter((c) =>
        c.kind === 'entry'
          ? !kept || kept.has(c.entry.menu_id)
          : !kept || list.some((e) => c.slugs.has(e.menu_slug) && kept.has(e.menu_id)),
      );
      shownHere.forEach((c, i) => {
        const place = { parent, level, position: i + 1, size: shownHere.length };
        if (c.kind === 'entry') {
          const key = entryKey(c.entry.menu_id);
          out.push({ ...place, key, kind: 'entry', entry: c.entry });
          if (kept !== undefined || expanded.has(key)) walk(c.entry.menus, level + 1, key);
          return;
        }
        const key = fieldsKey(c.resource);
        out.push({ ...place, key, kind: 'fields', resource: c.resource });
        if (!expanded.has(key)) return;
        const names = [undefined, ...ruledFields(c.resource)];
        names.forEach((field, j) => {
          out.push({
            key: `${key}:${field ?? '*'}`,
            parent: key,
            level: level + 1,
            position: j + 1,
            size: names.length,
            kind: 'field',
            resource: c.resource,
            field,
          });
        });
      });
    };
    walk(entries, 1);
    return out;
  }, [entries, kept, expanded, registry]);
  const visible = rows;
  const current = focusId !== undefined && visible.some((r) => r.key === focusId) ? focusId : visible[0]?.key;
  // A fields node sits among an entry's own children, so only an entry with children has one.
  const hasChildren = (r: Row) => r.kind === 'fields' || (r.kind === 'entry' && r.entry.menus.length > 0);

  const groupStatus = (id: number) => ix.byId.get(id)?.group_permission_status ?? 0;
  const sourceFor = (id: number, status: number): Source => (status === groupStatus(id) ? 'group' : status === 1 ? 'granted' : 'denied');

  /** Applies a new state at once, saves it, and restores the old one if the save fails. */
  function commit(next: Statuses, nextSources: ReadonlyMap<number, Source>, payload: PermissionChange[]) {
    if (!payload.length) return;
    const before = { statuses, sources };
    setStatuses(next);
    setSources(nextSources);
    onSave(payload, { before: statuses, after: next }).catch((error: unknown) => {
      setStatuses(before.statuses);
      setSources(before.sources);
      const message = error instanceof Error && error.message ? error.message : 'access.tree.save_error';
      notify(message, { type: 'error' });
    });
  }

  function flip(id: number) {
    if (readOnly) return;
    const entry = ix.byId.get(id);
    if (!entry) return;
    const next = toggle(ix, statuses, id, checkState(entry, statuses) !== true);
    const diff = changes(statuses, next);
    const nextSources = new Map(sources);
    if (mode === 'user') for (const c of diff) nextSources.set(c.menu_id, sourceFor(c.menu_id, c.permission_status));
    commit(next, nextSources, diff);
  }

  function reset(ids: number[]) {
    if (readOnly) return;
    const next = new Map(statuses);
    const nextSources = new Map(sources);
    for (const id of ids) {
      next.set(id, groupStatus(id));
      nextSources.set(id, 'group');
    }
    commit(
      next,
      nextSources,
      ids.map((menu_id) => ({ menu_id, reset: true })),
    );
  }

  function move(key: string | undefined) {
    if (key === undefined) return;
    setFocusId(key);
    items.current.get(key)?.focus();
  }

  const openOrClose = (key: string, open: boolean) => {
    setExpanded(open ? new Set([...expanded, key]) : new Set([...expanded].filter((x) => x !== key)));
  };

  /** Space and Enter: an entry is ticked or unticked, a fields node opens or closes, a field row's choices take the focus. */
  function activate(row: Row) {
    if (row.kind === 'entry') flip(row.entry.menu_id);
    else if (row.kind === 'fields') openOrClose(row.key, !expanded.has(row.key));
    else radios.current.get(row.key)?.focus();
  }

  function onKeyDown(event: KeyboardEvent) {
    // Keys pressed in a field row's radio group are the radios' own (arrows choose there).
    if (event.target instanceof HTMLElement && event.target.getAttribute('role') !== 'treeitem') return;
    if (current === undefined) return;
    const at = visible.findIndex((r) => r.key === current);
    const row = visible[at];
    if (!row) return;
    const parent = row.parent;
    const children = hasChildren(row);
    // A filter keeps the entries open; a fields node opens and closes whatever the filter.
    const closable = row.kind === 'fields' || kept === undefined;
    const keys: Record<string, () => void> = {
      ArrowDown: () => {
        move(visible[at + 1]?.key);
      },
      ArrowUp: () => {
        move(visible[at - 1]?.key);
      },
      Home: () => {
        move(visible[0]?.key);
      },
      End: () => {
        move(visible[visible.length - 1]?.key);
      },
      ArrowRight: () => {
        if (!children) return;
        if (!isOpen(row.key)) openOrClose(row.key, true);
        else move(visible[at + 1]?.key);
      },
      ArrowLeft: () => {
        if (children && isOpen(row.key) && closable) openOrClose(row.key, false);
        else move(parent);
      },
      ' ': () => {
        activate(row);
      },
      Enter: () => {
        activate(row);
      },
    };
    const action = keys[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  }

  const granted = ix.order.filter((e) => statuses.get(e.menu_id) === 1).length;
  const differing = mode === 'user' ? ix.order.filter((e) => sources.get(e.menu_id) !== 'group').map((e) => e.menu_id) : [];
  const withChildren = ix.order.filter((e) => e.menus.length > 0).map((e) => entryKey(e.menu_id));

  /** What every item carries: its place in the tree and the roving tab stop. */
  const itemProps = ({ key, level, position, size }: Row) => ({
    key,
    component: 'li' as const,
    role: 'treeitem',
    'aria-level': level,
    'aria-setsize': size,
    'aria-posinset': position,
    tabIndex: current === key ? 0 : -1,
    ref: (el: HTMLElement | null) => {
      if (el) items.current.set(key, el);
      else items.current.delete(key);
    },
    onFocus: (ev: { target: EventTarget; currentTarget: EventTarget }) => {
      if (ev.target === ev.currentTarget) setFocusId(key);
    },
    sx: {
      listStyle: 'none',
      outline: 'none',
      '&:focus-visible > .perm-row': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: '-2px' },
    },
  });

  const rowSx = (level: number) => ({
    display: 'flex',
    alignItems: 'center',
    gap: 0.5,
    pl: { xs: (level - 1) * 1.5, sm: (level - 1) * 3 },
    py: 0.25,
    borderRadius: 1,
  });

  const expander = (key: string, open: boolean, name: string, disabled = false) => (
    <IconButton
      size="small"
      tabIndex={-1}
      aria-label={translate(open ? 'access.tree.collapse' : 'access.tree.expand', { name })}
      onClick={() => {
        openOrClose(key, !open);
      }}
      disabled={disabled}
    >
      {open ? <ExpandMore fontSize="small" /> : <ChevronRight fontSize="small" />}
    </IconButton>
  );

  const resourceName = (d: ResourceDescriptor) => translate(`resources.${d.name}.name`, { smart_count: 2, _: d.name });
  const fieldName = (d: ResourceDescriptor, field: string) => translate(`resources.${d.name}.fields.${field}`, { _: field });

  /** A resource's fields node: named by its visible text, opened and closed like an entry. */
  const renderFieldsNode = (row: Row & { kind: 'fields' }) => {
    const open = expanded.has(row.key);
    const nameId = `perm-${row.key}-name`;
    const { key, ...props } = itemProps(row);
    return (
      <Box key={key} {...props} aria-labelledby={nameId} aria-expanded={open} data-fields-node={row.resource.name}>
        <Box className="perm-row" sx={rowSx(row.level)}>
          {expander(row.key, open, translate('access.fields.node', { name: resourceName(row.resource) }))}
          <Box
            onClick={() => {
              move(row.key);
              openOrClose(row.key, !open);
            }}
            sx={{ display: 'flex', alignItems: 'center', columnGap: 1, cursor: 'pointer', flex: 1, minWidth: 0 }}
          >
            <MenuIcon name="Visibility" fontSize="small" color="action" aria-hidden sx={{ display: { xs: 'none', sm: 'inline-block' } }} />
            <Typography id={nameId} variant="body2" sx={WRAP_ON_PHONE}>
              {translate('access.fields.node', { name: resourceName(row.resource) })}
            </Typography>
          </Box>
        </Box>
      </Box>
    );
  };

  /**
   * One field's row (or "All fields"): no label of its own, so its name is its content, which
   * is what it shows; the radio group inside is named by the field's visible label.
   */
  const renderFieldRow = (row: Row & { kind: 'field' }) => {
    if (!fields) return null;
    const names = row.field ? [row.field] : ruledFields(row.resource);
    const { key, ...props } = itemProps(row);
    return (
      <Box key={key} {...props} data-field={row.field ?? '*'}>
        <Box className="perm-row" sx={{ ...rowSx(row.level), pl: { xs: (row.level - 1) * 1.5 + 3.75, sm: (row.level - 1) * 3 + 3.75 } }}>
          <FieldRuleChoice
            model={readOnly ? { ...fields, readOnly: true } : fields}
            resource={row.resource.name}
            fields={names}
            label={row.field ? fieldName(row.resource, row.field) : translate('access.fields.all')}
            labelId={`perm-${row.key.replace(/[^\w-]/g, '_')}-label`}
            current={current === row.key}
            radioRef={(el) => {
              if (el) radios.current.set(row.key, el);
              else radios.current.delete(row.key);
            }}
          />
        </Box>
      </Box>
    );
  };

  const renderRow = (row: Row) => {
    if (row.kind === 'fields') return renderFieldsNode(row);
    if (row.kind === 'field') return renderFieldRow(row);
    return renderEntry(row);
  };

  const renderEntry = (row: Row & { kind: 'entry' }) => {
    const { entry: e, level, position, size } = row;
    const state: CheckState = checkState(e, statuses);
    const Icon = ICON[String(state)] ?? CheckBoxOutlineBlank;
    const open = isOpen(row.key);
    const children = hasChildren(row);
    const source = sources.get(e.menu_id) ?? 'group';
    const origin = mode === 'user' ? originOf?.(e, source) : undefined;
    const chip = mode === 'user' && source !== 'group';
    // The item's accessible name is its visible text, in the order shown: a voice-control user says
    // what they see, and a screen reader hears the same words (WCAG 2.5.3, label in name).
    const id = (part: string) => `perm-${String(e.menu_id)}-${part}`;
    const labelledBy = [id('name'), id('slug'), ...(origin ? [id('origin')] : []), ...(chip ? [id('source')] : [])].join(' ');
    return (
      <Box
        component="li"
        key={e.menu_id}
        role="treeitem"
        aria-labelledby={labelledBy}
        aria-checked={state}
        aria-level={level}
        aria-setsize={size}
        aria-posinset={position}
        aria-expanded={children ? open : undefined}
        tabIndex={current === row.key ? 0 : -1}
        ref={(el: HTMLElement | null) => {
          if (el) items.current.set(row.key, el);
          else items.current.delete(row.key);
        }}
        onFocus={(ev) => {
          if (ev.target === ev.currentTarget) setFocusId(row.key);
        }}
        sx={{
          listStyle: 'none',
          outline: 'none',
          '&:focus-visible > .perm-row': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: '-2px' },
        }}
      >
        <Box
          className="perm-row"
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 0.5,
            pl: { xs: (level - 1) * 1.5, sm: (level - 1) * 3 },
            py: 0.25,
            borderRadius: 1,
          }}
        >
          {children ? expander(row.key, open, nameOf(e), kept !== undefined) : <Box sx={{ width: 30 }} />}
          <Box
            onClick={() => {
              move(row.key);
              flip(e.menu_id);
            }}
            sx={{
              display: 'flex',
              alignItems: 'center',
              flexWrap: { xs: 'wrap', sm: 'nowrap' },
              columnGap: 1,
              cursor: readOnly ? 'default' : 'pointer',
              flex: 1,
              minWidth: 0,
            }}
          >
            <Icon fontSize="small" color={state === false ? 'action' : 'primary'} aria-hidden />
            <MenuIcon name={e.menu_icon} fontSize="small" color="action" aria-hidden sx={{ display: { xs: 'none', sm: 'inline-block' } }} />
            <Typography id={id('name')} variant="body2" sx={WRAP_ON_PHONE}>
              {nameOf(e)}
            </Typography>
            {SPACE}
            <Typography id={id('slug')} variant="caption" color="text.secondary" sx={WRAP_ON_PHONE}>
              {e.menu_slug}
            </Typography>
            {origin && SPACE}
            {origin && (
              <Typography
                id={id('origin')}
                variant="caption"
                color="text.secondary"
                sx={{ ...WRAP_ON_PHONE, ml: 'auto', pl: 1 }}
                data-origin
              >
                {origin}
              </Typography>
            )}
          </Box>
          {chip && (
            <>
              {SPACE}
              <Chip
                id={id('source')}
                size="small"
                variant="outlined"
                color={source === 'granted' ? 'success' : 'warning'}
                label={translate(`access.tree.${source}`)}
              />
              {!readOnly && (
                <Tooltip title={translate('access.tree.reset_to_group')}>
                  <IconButton
                    size="small"
                    tabIndex={-1}
                    aria-label={`${translate('access.tree.reset_to_group')}: ${nameOf(e)}`}
                    onClick={() => {
                      reset([e.menu_id]);
                    }}
                  >
                    <Undo fontSize="small" />
                  </IconButton>
                </Tooltip>
              )}
            </>
          )}
        </Box>
      </Box>
    );
  };

  return (
    <Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 1, alignItems: { sm: 'center' } }}>
        <TextField
          size="small"
          label={translate('access.tree.filter')}
          value={filter}
          onChange={(ev) => {
            setFilter(ev.target.value);
          }}
          sx={{ flex: 1 }}
        />
        <Button
          size="small"
          onClick={() => {
            setExpanded(new Set(withChildren));
          }}
        >
          {translate('access.tree.expand_all')}
        </Button>
        <Button
          size="small"
          onClick={() => {
            setExpanded(new Set());
          }}
        >
          {translate('access.tree.collapse_all')}
        </Button>
        {mode === 'user' && (
          <Button
            size="small"
            disabled={!differing.length || readOnly}
            onClick={() => {
              reset(differing);
            }}
            startIcon={<Undo />}
          >
            {translate('access.tree.reset_all', { count: differing.length })}
          </Button>
        )}
      </Stack>
      <Typography variant="body2" color="text.secondary" role="status" sx={{ mb: 1 }}>
        {translate('access.tree.granted_count', { count: granted, total: ix.order.length })}
      </Typography>
      <Box component="ul" role="tree" aria-label={label} onKeyDown={onKeyDown} sx={{ m: 0, p: 0 }}>
        {rows.map(renderRow)}
      </Box>
      {visible.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {translate('app.data_not_found', { _: 'Data Not Found' })}
        </Typography>
      )}
    </Box>
  );
}
