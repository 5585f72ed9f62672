import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import KeyIcon from '@mui/icons-material/Key';
import { Link } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { uploadUrl } from '../../config';
import type { ProfileUser } from './api';

const orDash = (value?: string) => (value?.trim() ? value : '—');

/** Picture (click to change it), name, designation, e-mail and phone, and the way to change the password. */
export function UserCard({ user, onPictureClick }: { user: ProfileUser; onPictureClick: () => void }) {
  const translate = useTranslate();
  const picture = typeof user.user_picture === 'string' && user.user_picture ? uploadUrl(user.user_picture) : undefined;
  return (
    <Card>
      <CardContent>
        <Stack alignItems="center" spacing={1}>
          <ButtonBase onClick={onPictureClick} aria-label={translate('accounts.picture.change')} sx={{ borderRadius: '50%' }}>
            <Avatar src={picture} alt={user.user_name} sx={{ width: 112, height: 112 }} data-testid="profile-picture" />
          </ButtonBase>
          <Typography variant="h6" component="h2">
            {user.user_name}
          </Typography>
          <Typography color="text.secondary">{user.user_designation?.designation_name ?? ''}</Typography>
          <Typography variant="body2">
            {translate('accounts.profile.email')}: {orDash(user.user_email)}
          </Typography>
          <Typography variant="body2">
            {translate('accounts.profile.phone')}: {orDash(user.user_phone)}
          </Typography>
          <Button component={Link} to="/users/reset-password" variant="outlined" startIcon={<KeyIcon />}>
            {translate('accounts.password.title')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
