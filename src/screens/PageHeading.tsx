import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import MuiLink from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router-dom';
import { Title, useTranslate } from 'react-admin';

/**
 * A screen's h1 and its breadcrumb (Home / menu group / title); the group is left out when it
 * repeats the title. The header also sets the app bar's title (spec 000), and so the browser tab's.
 */
export function PageHeading({ title, group }: { title: string; group?: string }) {
  const translate = useTranslate();
  return (
    <Box>
      <Title title={title} />
      <Typography variant="h5" component="h1">
        {title}
      </Typography>
      <Breadcrumbs aria-label={translate('app.breadcrumb')}>
        <MuiLink component={Link} to="/" underline="hover" color="inherit">
          {translate('app.home')}
        </MuiLink>
        {group && group !== title && <Typography color="text.secondary">{group}</Typography>}
        <Typography color="text.primary">{title}</Typography>
      </Breadcrumbs>
    </Box>
  );
}
