import { createElement } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router-dom';
import { Title, useAuthenticated, useCanAccess, useGetList, useResourceContext, useTranslate } from 'react-admin';
import type { ResourceDescriptor } from '../../resources';
import { useRegistry } from '../registry-context';
import { iconOf } from '../icons';
import { SingletonEditor } from '../screens/SingletonPage';

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

/** How many records each listable resource holds, one card each, linking to its screen. */
function CatalogueSummary() {
  const translate = useTranslate();
  const descriptors = useRegistry().all.filter((d) => !d.singleton);
  return (
    <Box component="section" sx={{ mt: 3 }} aria-labelledby="catalogue-summary">
      <Typography id="catalogue-summary" variant="h6" component="h2" gutterBottom>
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

/**
 * `/`, `/home` and `/about`: the editor of the singleton marked `menu.home` (About) above a
 * summary of the catalogue. A registry without a home singleton shows the summary alone.
 */
export function HomePage() {
  useAuthenticated();
  const home = useRegistry().all.find((d) => d.menu.home);
  // Users who may not see the About record get the summary alone, not an error.
  const { canAccess } = useCanAccess({ resource: home?.name ?? '', action: 'list', enabled: Boolean(home) });
  return (
    <Box>
      {home && canAccess ? <SingletonEditor descriptor={home} /> : <Title title="app.home" />}
      <CatalogueSummary />
    </Box>
  );
}

/** The list route of a singleton resource: the home one shows the home page, others their editor. */
export function SingletonScreen() {
  const descriptor = useRegistry().get(useResourceContext() ?? '');
  return descriptor.menu.home ? <HomePage /> : <SingletonEditor descriptor={descriptor} />;
}
