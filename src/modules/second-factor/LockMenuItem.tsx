import { forwardRef } from 'react';
import MenuItem, { type MenuItemProps } from '@mui/material/MenuItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import LockOutlined from '@mui/icons-material/LockOutlined';
import { useTranslate, useUserMenu } from 'react-admin';
import { lockNow } from './lock-state';

/** "Lock" in the profile menu: the lock screen at once, for someone stepping away from a shared computer. */
export const LockMenuItem = forwardRef<HTMLLIElement, MenuItemProps>(function LockMenuItem(props, ref) {
  const translate = useTranslate();
  const { onClose } = useUserMenu() ?? {};
  return (
    <MenuItem
      {...props}
      ref={ref}
      onClick={() => {
        onClose?.();
        lockNow();
      }}
    >
      <ListItemIcon>
        <LockOutlined fontSize="small" />
      </ListItemIcon>
      <ListItemText>{translate('second_factor.lock.menu')}</ListItemText>
    </MenuItem>
  );
});
