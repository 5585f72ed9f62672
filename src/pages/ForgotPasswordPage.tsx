import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MuiLink from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router-dom';
import { useTranslate } from 'react-admin';

/**
 * Forgot password: until the e-mailed one-time-code flow of DESIGN.md lands (with the users
 * screens), an administrator resets passwords; this page says so and leads back to sign-in.
 */
export function ForgotPasswordPage() {
  const translate = useTranslate();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Card sx={{ width: 380, maxWidth: '95vw' }}>
        <CardContent>
          <Typography variant="h5" component="h1" gutterBottom>
            {translate('app.forgot.title')}
          </Typography>
          <Typography gutterBottom>{translate('app.forgot.body')}</Typography>
          <MuiLink component={Link} to="/login">
            {translate('app.forgot.back')}
          </MuiLink>
        </CardContent>
      </Card>
    </Box>
  );
}
