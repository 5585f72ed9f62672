import Box from '@mui/material/Box';
import AddIcon from '@mui/icons-material/Add';
import { Link } from 'react-router-dom';
import { Button, useCanAccess, useCreatePath, useTranslate } from 'react-admin';
import type { ResourceDescriptor } from '../../resources';
import { PageHeading } from './PageHeading';
import { useStoredAccess } from '../storedAnswers';
import { useWriteRefusal, WithRefusal } from './refusals';

/** Page header of the spec: breadcrumb (Home / menu group / title) and the New button. */
export function ListHeader({ descriptor }: { descriptor: ResourceDescriptor }) {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const { canAccess: canCreate } = useCanAccess(useStoredAccess({ resource: descriptor.name, action: 'create' }));
  const title = translate(`resources.${descriptor.name}.name`, { smart_count: 2 });
  const group = translate(`menu.${descriptor.menu.group}`, { _: descriptor.menu.group });
  const refusal = useWriteRefusal();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mt: 2, mb: 1 }}>
      <PageHeading title={title} group={group} />
      {canCreate && !refusal && (
        <Button component={Link} to={createPath({ resource: descriptor.name, type: 'create' })} label="app.new" variant="contained">
          <AddIcon />
        </Button>
      )}
      {canCreate && refusal && (
        <WithRefusal reason={refusal}>
          <Button label="app.new" variant="contained" disabled>
            <AddIcon />
          </Button>
        </WithRefusal>
      )}
    </Box>
  );
}
