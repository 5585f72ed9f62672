import { useState } from 'react';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Loading, Title, useAuthenticated, useTranslate } from 'react-admin';
import { accountsApi, useLoad, type ProfileUser } from './api';
import { UserCard } from './UserCard';
import { PictureDialog } from './PictureDialog';
import { LoginHistoryTable } from './LoginHistoryTable';
import { ActiveSessions } from './ActiveSessions';
import { ProfileNotificationsSlot } from './ProfileNotificationsSlot';
import { lazyComponent, withToolMessages } from '../../lazy';

// Sign-in security (the second factor's module), a chunk of its own.
const SecondFactorPanel = lazyComponent(
  withToolMessages('second-factor', () => import('../second-factor/SecondFactorPanel').then((m) => m.SecondFactorPanel)),
  null,
);

/** `/users/my-profile`: my card, my latest notifications, this month's sign-ins and my sessions. */
export function ProfilePage() {
  useAuthenticated();
  const translate = useTranslate();
  const { data, error } = useLoad(() => accountsApi.me());
  const [saved, setSaved] = useState<ProfileUser>();
  const [picking, setPicking] = useState(false);
  const user = saved ?? data;
  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <Title title={translate('accounts.profile.title')} />
      <Typography variant="h5" component="h1">
        {translate('accounts.profile.title')}
      </Typography>
      {!user ? (
        error ? (
          <Typography>{translate('accounts.load_error')}</Typography>
        ) : (
          <Loading />
        )
      ) : (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 4 }}>
            <UserCard
              user={user}
              onPictureClick={() => {
                setPicking(true);
              }}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 8 }}>
            <Stack spacing={2}>
              <SecondFactorPanel />
              <ProfileNotificationsSlot />
              <LoginHistoryTable />
              <ActiveSessions />
            </Stack>
          </Grid>
        </Grid>
      )}
      <PictureDialog
        open={picking}
        onClose={() => {
          setPicking(false);
        }}
        onSaved={setSaved}
      />
    </Stack>
  );
}
