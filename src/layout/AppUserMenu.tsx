import { forwardRef, type ReactNode } from 'react';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem, { type MenuItemProps } from '@mui/material/MenuItem';
import useMediaQuery from '@mui/material/useMediaQuery';
import AccountCircle from '@mui/icons-material/AccountCircle';
import LockReset from '@mui/icons-material/LockReset';
import Settings from '@mui/icons-material/Settings';
import PersonAdd from '@mui/icons-material/PersonAdd';
import PowerSettingsNew from '@mui/icons-material/PowerSettingsNew';
import { Link } from 'react-router-dom';
import { UserMenu, useCanAccess, useGetIdentity, useTranslate, useUserMenu } from 'react-admin';
import { useConsoleModules } from '../modules-context';
import { useStoredAccess, useStoredIdentity } from '../storedAnswers';

interface LinkProps {
  to: string;
  label: string;
  icon: ReactNode;
}

/** An entry of the profile menu: a link that closes the menu. */
export const UserMenuLink = forwardRef<HTMLAnchorElement, LinkProps>(function UserMenuLink({ to, label, icon }, ref) {
  const translate = useTranslate();
  const { onClose } = useUserMenu() ?? {};
  return (
    <MenuItem ref={ref} component={Link} to={to} onClick={onClose}>
      <ListItemIcon>{icon}</ListItemIcon>
      <ListItemText>{translate(label)}</ListItemText>
    </MenuItem>
  );
});

interface ActionProps extends Omit<MenuItemProps, 'onClick'> {
  label: string;
  icon: ReactNode;
  /** Done after the menu closes. */
  onSelect: () => void;
}

/** An entry of the profile menu that does something (lock, switch theme): it closes the menu, then acts. */
export const UserMenuAction = forwardRef<HTMLLIElement, ActionProps>(function UserMenuAction({ label, icon, onSelect, ...props }, ref) {
  const { onClose } = useUserMenu() ?? {};
  return (
    <MenuItem
      {...props}
      ref={ref}
      onClick={() => {
        onClose?.();
        onSelect();
      }}
    >
      <ListItemIcon>{icon}</ListItemIcon>
      <ListItemText>{label}</ListItemText>
    </MenuItem>
  );
});

/** "New user" shows only to those who may create users. */
function NewUserLink() {
  const { canAccess } = useCanAccess(useStoredAccess({ resource: 'users', action: 'create' }));
  return canAccess ? <UserMenuLink to="/users/create" label="shell.profile.new_user" icon={<PersonAdd fontSize="small" />} /> : null;
}

/**
 * The accessible name of the profile button. From 600 px react-admin's button shows the user's
 * name as its text, so the name must start with that text (WCAG 2.5.3, axe
 * label-content-name-mismatch): "Admin, profile menu". Narrower, the button is an icon and keeps
 * react-admin's own "Profile" label. react-admin translates the label again; a text that is no key
 * comes back as it is.
 */
function useProfileLabel(): string | undefined {
  const translate = useTranslate();
  const { identity } = useGetIdentity(useStoredIdentity());
  const isLargeEnough = useMediaQuery((t) => t.breakpoints.up('sm'));
  return isLargeEnough && identity?.fullName ? translate('shell.profile.menu_of', { name: identity.fullName }) : undefined;
}

/**
 * The profile menu of spec 000: My profile, Reset password, Settings, New user (with the right),
 * the modules' own entries, then Logout. Its button shows the user's picture (identity avatar).
 */
export function AppUserMenu() {
  const modules = useConsoleModules();
  return (
    <UserMenu label={useProfileLabel()}>
      <UserMenuLink to="/users/my-profile" label="shell.profile.my_profile" icon={<AccountCircle fontSize="small" />} />
      <UserMenuLink to="/users/reset-password" label="shell.profile.reset_password" icon={<LockReset fontSize="small" />} />
      <UserMenuLink to="/settings" label="shell.profile.settings" icon={<Settings fontSize="small" />} />
      <NewUserLink />
      {modules
        .flatMap((m) => m.userMenuItems ?? [])
        .map((Item, i) => (
          <Item key={i} />
        ))}
      <UserMenuLink to="/logout" label="shell.profile.logout" icon={<PowerSettingsNew fontSize="small" />} />
    </UserMenu>
  );
}
