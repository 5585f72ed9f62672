import { forwardRef } from 'react';
import type { MenuItemProps } from '@mui/material/MenuItem';
import LockOutlined from '@mui/icons-material/LockOutlined';
import { useTranslate } from 'react-admin';
import { UserMenuAction } from '../../layout/AppUserMenu';
import { lockNow } from './lock-state';

/** "Lock" in the profile menu: the lock screen at once, for someone stepping away from a shared computer. */
export const LockMenuItem = forwardRef<HTMLLIElement, MenuItemProps>(function LockMenuItem(props, ref) {
  const translate = useTranslate();
  return (
    <UserMenuAction
      {...props}
      ref={ref}
      label={translate('second_factor.lock.menu')}
      icon={<LockOutlined fontSize="small" />}
      onSelect={lockNow}
    />
  );
});
