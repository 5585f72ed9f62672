import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Logout from '@mui/icons-material/Logout';
import { AccessDenied, useLogout, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';

/**
 * react-admin's access-denied page, with a way out: back home, or sign out (to sign in as someone
 * who may open the screen). Staff keep their session when a button or screen is not theirs.
 */
export function AccessDeniedPage() {
  const translate = useTranslate();
  const logout = useLogout();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, py: 4 }}>
      <AccessDenied />
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button component={Link} to="/" variant="outlined">
          {translate('app.home')}
        </Button>
        <Button variant="contained" startIcon={<Logout />} onClick={() => void logout()}>
          {translate('ra.auth.logout')}
        </Button>
      </Box>
    </Box>
  );
}
