import ListSubheader from '@mui/material/ListSubheader';
import { createElement } from 'react';
import { Menu, useCanAccessResources, useSidebarState, useTranslate } from 'react-admin';
import type { ResourceDescriptor } from '../../resources';
import { useRegistry } from '../registry-context';
import { iconOf } from '../icons';

/** Descriptors grouped by `menu.group`, groups and entries in `menu.position` order. */
function groups(descriptors: readonly ResourceDescriptor[]): [string, ResourceDescriptor[]][] {
  const byGroup = new Map<string, ResourceDescriptor[]>();
  const sorted = [...descriptors].sort((a, b) => (a.menu.position ?? 0) - (b.menu.position ?? 0));
  for (const d of sorted) byGroup.set(d.menu.group, [...(byGroup.get(d.menu.group) ?? []), d]);
  return [...byGroup];
}

/** One menu group; its heading only shows when it holds several entries the user may list. */
function MenuGroup({ name, items }: { name: string; items: ResourceDescriptor[] }) {
  const translate = useTranslate();
  const [open] = useSidebarState();
  const { canAccess } = useCanAccessResources({ action: 'list', resources: items.map((d) => d.name) });
  const visible = items.filter((d) => canAccess?.[d.name]);
  if (visible.length === 0) return null;
  return (
    <>
      {visible.length > 1 && open && (
        // role none: a menu may only hold menu items (axe: aria-required-children, listitem).
        <ListSubheader role="none" sx={{ lineHeight: '32px', bgcolor: 'transparent' }}>
          {translate(`menu.${name}`, { _: name })}
        </ListSubheader>
      )}
      {visible.map((d) => (
        <Menu.ResourceItem key={d.name} name={d.name} leftIcon={createElement(iconOf(d.menu.icon))} />
      ))}
    </>
  );
}

/** The side menu, generated from the registry; entries the user may not list disappear. */
export function AppMenu() {
  const registry = useRegistry();
  return (
    <Menu>
      <Menu.DashboardItem primaryText="app.dashboard" />
      {groups(registry.all).map(([name, items]) => (
        <MenuGroup key={name} name={name} items={items} />
      ))}
    </Menu>
  );
}
