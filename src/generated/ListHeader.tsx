import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Typography from '@mui/material/Typography';
import MuiLink from '@mui/material/Link';
import AddIcon from '@mui/icons-material/Add';
import { Link } from 'react-router-dom';
import { Button, useCanAccess, useCreatePath, useTranslate } from 'react-admin';
import type { ResourceDescriptor } from '../../resources';

/** Page header of the spec: breadcrumb (Home / menu group / title) and the New button. */
export function ListHeader({ descriptor }: { descriptor: ResourceDescriptor }) {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const { canAccess: canCreate } = useCanAccess({ resource: descriptor.name, action: 'create' });
  const title = translate(`resources.${descriptor.name}.name`, { smart_count: 2 });
  const group = translate(`menu.${descriptor.menu.group}`, { _: descriptor.menu.group });
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mt: 2, mb: 1 }}>
      <Box>
        <Typography variant="h5" component="h1">
          {title}
        </Typography>
        <Breadcrumbs aria-label="breadcrumb">
          <MuiLink component={Link} to="/" underline="hover" color="inherit">
            {translate('app.home')}
          </MuiLink>
          {group !== title && <Typography color="text.secondary">{group}</Typography>}
          <Typography color="text.primary">{title}</Typography>
        </Breadcrumbs>
      </Box>
      {canCreate && (
        <Button component={Link} to={createPath({ resource: descriptor.name, type: 'create' })} label="app.new" variant="contained">
          <AddIcon />
        </Button>
      )}
    </Box>
  );
}
