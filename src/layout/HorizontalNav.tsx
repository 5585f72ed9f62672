import { useId, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import MuiMenu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Dashboard from '@mui/icons-material/Dashboard';
import { Link, useLocation } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { useRegistry } from '../registry-context';
import { MenuIcon } from './MenuIcon';
import { MenuLoadError } from './AppMenu';
import { NavTheme, useNavBackground } from './NavSurface';
import { navGroups, useMenuData, type NavGroup } from './menuData';
import { useMenuLabel } from '../modules/access/menuLabel';

interface EntryProps {
  label: string;
  icon: ReactNode;
  slim: boolean;
  active: boolean;
  /** The wide entry's drop-down mark; a slim entry has only its icon. */
  endIcon?: ReactNode;
}

/** A top bar entry: icon and name, or only the icon (slim) with the name as tooltip and accessible name. */
function EntryButton({ label, icon, slim, active, endIcon, ...rest }: EntryProps & Record<string, unknown>) {
  if (slim)
    return (
      <Tooltip title={label}>
        <IconButton aria-label={label} color={active ? 'primary' : 'default'} {...rest}>
          {icon}
        </IconButton>
      </Tooltip>
    );
  return (
    <Button
      startIcon={icon}
      endIcon={endIcon}
      color={active ? 'primary' : 'inherit'}
      sx={{ textTransform: 'none', whiteSpace: 'nowrap' }}
      {...rest}
    >
      {label}
    </Button>
  );
}

/** A group: a single screen is a plain link, several open a drop-down. */
function GroupEntry({ group, slim }: { group: NavGroup; slim: boolean }) {
  const { pathname } = useLocation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const isActive = (to: string) => pathname === to || pathname.startsWith(`${to}/`);
  const [only] = group.links;
  if (group.links.length === 1 && only)
    return (
      <EntryButton
        component={Link}
        to={only.to}
        label={only.name}
        icon={<MenuIcon name={only.icon} />}
        slim={slim}
        active={isActive(only.to)}
      />
    );
  return (
    <>
      <EntryButton
        label={group.name}
        icon={<MenuIcon name={group.icon} />}
        slim={slim}
        active={group.links.some((l) => isActive(l.to))}
        endIcon={<ExpandMore />}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? menuId : undefined}
        onClick={(e: React.MouseEvent<HTMLElement>) => setAnchor(e.currentTarget)}
      />
      <MuiMenu id={menuId} anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {group.links.map((l) => (
          <MenuItem key={l.id} component={Link} to={l.to} selected={isActive(l.to)} onClick={() => setAnchor(null)}>
            <ListItemIcon>
              <MenuIcon name={l.icon} />
            </ListItemIcon>
            {l.name}
          </MenuItem>
        ))}
      </MuiMenu>
    </>
  );
}

/** The horizontal layouts' navigation: a bar under the app bar with one entry or drop-down per menu group. */
export function HorizontalNav({ slim }: { slim: boolean }) {
  const registry = useRegistry();
  const translate = useTranslate();
  const { data, isError } = useMenuData();
  const label = useMenuLabel();
  const background = useNavBackground();
  const { pathname } = useLocation();
  return (
    <NavTheme>
      <Box
        component="nav"
        aria-label={translate('shell.menu.navigation')}
        data-testid="horizontal-nav"
        sx={{
          position: 'sticky',
          top: 48,
          zIndex: 3,
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: 0.5,
          px: 1,
          py: 0.5,
          mx: -1,
          bgcolor: background,
          color: 'text.primary',
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <EntryButton
          component={Link}
          to="/"
          label={translate('app.dashboard')}
          icon={<Dashboard fontSize="small" />}
          slim={slim}
          active={pathname === '/'}
        />
        {navGroups(data ?? [], registry, label).map((g) => (
          <GroupEntry key={g.id} group={g} slim={slim} />
        ))}
        {isError && <MenuLoadError />}
      </Box>
    </NavTheme>
  );
}
