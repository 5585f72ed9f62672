import { createElement } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router-dom';
import { Loading, useAuthenticated, useCanAccess, useGetList, useRequireAccess, useResourceContext, useTranslate } from 'react-admin';
import type { ResourceDescriptor } from '../../resources';
import { useRegistry } from '../registry-context';
import { iconOf } from '../icons';
import { SingletonEditor } from '../screens/SingletonPage';
import { PageHeading } from '../screens/PageHeading';
import { useExtensionFilters, useScreenExtension } from '../screens/extensions';

/** One card: the resource's name and how many records it holds; hidden when it may not be listed. */
function ResourceCard({ descriptor }: { descriptor: ResourceDescriptor }) {
  const translate = useTranslate();
  const { canAccess } = useCanAccess({ resource: descriptor.name, action: 'list' });
  const filter = useCountedFilter(descriptor);
  const { total } = useGetList(descriptor.name, { pagination: { page: 1, perPage: 1 }, filter }, { enabled: canAccess === true });
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

/**
 * What a card counts: everything the viewer may list. A list that needs a filter before it loads
 * (the users' branch) is counted with its screen's default (a branch-scoped viewer's own branch),
 * else with `all` (every branch, for a viewer who sees them all); without it nothing was asked and
 * the card said 0.
 */
function useCountedFilter(descriptor: ResourceDescriptor): Record<string, unknown> {
  const defaults = useExtensionFilters(useScreenExtension(descriptor.name)).defaults;
  const needed = descriptor.listNeedsFilter;
  return needed ? { [needed]: defaults?.[needed] ?? 'all' } : {};
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
 * `/`, `/home` and `/about` (the spec's route table): the dashboard. It opens on the summary of the
 * catalogue, under the Dashboard title the menu's link promises; the editor of the singleton
 * marked `menu.home` (About) follows below it as a section of its own, one "Edit" link away
 * (a jump to the form). Users who may not see the About record get the summary alone.
 */
export function HomePage() {
  useAuthenticated();
  const translate = useTranslate();
  const home = useRegistry().all.find((d) => d.menu.home);
  const { canAccess } = useCanAccess({ resource: home?.name ?? '', action: 'list', enabled: Boolean(home) });
  const withAbout = home !== undefined && canAccess === true;
  return (
    <Box>
      <Box sx={{ mt: 2, mb: 1, display: 'flex', alignItems: 'flex-start', gap: 2, flexWrap: 'wrap' }}>
        <Box sx={{ flex: 1 }}>
          <PageHeading title={translate('app.dashboard')} />
        </Box>
        {withAbout && (
          <Button href={`#${home.name}-section`} variant="outlined" size="small" sx={{ mt: 1 }}>
            {translate('app.edit_about', { name: translate(`resources.${home.name}.name`, { smart_count: 1 }) })}
          </Button>
        )}
      </Box>
      <CatalogueSummary />
      {withAbout && (
        <Box component="section" aria-labelledby={`${home.name}-section`}>
          <SingletonEditor descriptor={home} section />
        </Box>
      )}
    </Box>
  );
}

/** The list route of a singleton resource: the home one shows the home page, others their editor. */
export function SingletonScreen() {
  const descriptor = useRegistry().get(useResourceContext() ?? '');
  return descriptor.menu.home ? <HomePage /> : <AllowedSingleton descriptor={descriptor} />;
}

/**
 * A one-record page is a list route that react-admin's list does not guard: its access is asked
 * before anything loads, and a viewer without it goes to the access-denied page (as from any
 * list) instead of a spinner and then the server's refusal.
 */
function AllowedSingleton({ descriptor }: { descriptor: ResourceDescriptor }) {
  const access = { resource: descriptor.name, action: 'list' };
  const { isPending } = useRequireAccess(access);
  const { canAccess } = useCanAccess(access);
  if (isPending) return <Loading />;
  return canAccess ? <SingletonEditor descriptor={descriptor} /> : null;
}
