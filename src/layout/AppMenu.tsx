import { memo, useId } from 'react';
import Box from '@mui/material/Box';
import ListSubheader from '@mui/material/ListSubheader';
import Typography from '@mui/material/Typography';
import { Menu, useSidebarState, useTranslate } from 'react-admin';
import { useRegistry } from '../registry-context';
import { MenuIcon } from './MenuIcon';
import { navGroups, useMenuData, type NavGroup } from './menuData';
import { useMenuLabel } from '../modules/access/menuLabel';
import { useDeferredPart } from './useDeferredPart';

/** A group of links under its heading; the heading only shows in the open side bar. */
function Group({ group }: { group: NavGroup }) {
  const [open] = useSidebarState();
  const headingId = useId();
  const titled = open && group.links.length > 1;
  return (
    <Box role="group" aria-labelledby={titled ? headingId : undefined} aria-label={titled ? undefined : group.name}>
      {titled && (
        <ListSubheader id={headingId} component="div" role="presentation" sx={{ lineHeight: '32px', bgcolor: 'transparent' }}>
          {group.name}
        </ListSubheader>
      )}
      {group.links.map((link) => (
        <Menu.Item key={link.id} to={link.to} primaryText={link.name} leftIcon={<MenuIcon name={link.icon} />} />
      ))}
    </Box>
  );
}

/** Says why the navigation is empty when the menu could not be loaded. */
export function MenuLoadError() {
  const translate = useTranslate();
  return (
    <Typography role="status" variant="body2" color="error" sx={{ px: 2, py: 1 }}>
      {translate('shell.menu.load_error')}
    </Typography>
  );
}

/**
 * The vertical navigation, from the signed-in user's menu data (`GET /menu/menu-list-user`). With
 * the side bar closed (collapsed, or the slim layout) only icons show; their names appear as a
 * tooltip on hover and on keyboard focus.
 * Memoised, as the app bar is (it takes no props). The links follow the first commit
 * (useDeferredPart).
 */
export const AppMenu = memo(function AppMenu() {
  const registry = useRegistry();
  const { data, isError } = useMenuData();
  const label = useMenuLabel();
  const withLinks = useDeferredPart();
  return (
    <Menu>
      <Menu.DashboardItem primaryText="app.dashboard" />
      {navGroups(withLinks ? (data ?? []) : [], registry, label).map((g) => (
        <Group key={g.id} group={g} />
      ))}
      {isError && <MenuLoadError />}
    </Menu>
  );
});
