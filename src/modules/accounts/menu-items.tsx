import { forwardRef } from 'react';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import KeyIcon from '@mui/icons-material/Key';
import { Link } from 'react-router-dom';
import { useTranslate, useUserMenu } from 'react-admin';

/** A user-menu entry that closes the menu and opens a route. */
const RouteItem = forwardRef<HTMLAnchorElement, { to: string; label: string; icon: React.ReactNode }>(function RouteItem(
  { to, label, icon },
  ref,
) {
  const translate = useTranslate();
  const menu = useUserMenu();
  return (
    <MenuItem ref={ref} component={Link} to={to} onClick={() => menu?.onClose()}>
      <ListItemIcon>{icon}</ListItemIcon>
      <ListItemText>{translate(label)}</ListItemText>
    </MenuItem>
  );
});

export const MyProfileMenuItem = forwardRef<HTMLAnchorElement>(function MyProfileMenuItem(_props, ref) {
  return <RouteItem ref={ref} to="/users/my-profile" label="accounts.profile.title" icon={<AccountCircleIcon fontSize="small" />} />;
});

export const ChangePasswordMenuItem = forwardRef<HTMLAnchorElement>(function ChangePasswordMenuItem(_props, ref) {
  return <RouteItem ref={ref} to="/users/reset-password" label="accounts.password.title" icon={<KeyIcon fontSize="small" />} />;
});
