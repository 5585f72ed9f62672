import { createElement } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router-dom';
import { Title, useAuthenticated, useCanAccess, useGetList, useTranslate } from 'react-admin';
import type { ResourceDescriptor } from '../../resources';
import { useRegistry } from '../registry-context';
import { iconOf } from '../icons';

/** One card: the resource's name and how many records it holds; hidden when it may not be listed. */
function ResourceCard({ descriptor }: { descriptor: ResourceDescriptor }) {
  const translate = useTranslate();
  const { canAccess } = useCanAccess({ resource: descriptor.name, action: 'list' });
  const { total } = useGetList(descriptor.name, { pagination: { page: 1, perPage: 1 } }, { enabled: canAccess === true });
  if (!canAccess) return null;
  return (
    <Card>
      <CardActionArea component={Link} to={`/${descriptor.name}`}>
        <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
          {createElement(iconOf(descriptor.menu.icon), { color: 'primary', fontSize: 'large' })}
          <Box>
            <Typography variant="subtitle1">{translate(`resources.${descriptor.name}.name`, { smart_count: 2 })}</Typography>
            <Typography variant="h5">{total ?? '…'}</Typography>
          </Box>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

/** Home dashboard for now: a catalogue summary. A later issue replaces it with the About editor. */
export function HomePage() {
  useAuthenticated();
  const translate = useTranslate();
  const descriptors = useRegistry().all;
  return (
    <Box sx={{ mt: 2 }}>
      <Title title="app.home" />
      <Typography variant="h5" component="h1" gutterBottom>
        {translate('app.catalogue')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))' }}>
        {descriptors.map((d) => (
          <ResourceCard key={d.name} descriptor={d} />
        ))}
      </Box>
    </Box>
  );
}
