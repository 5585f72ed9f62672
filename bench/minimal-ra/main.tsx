import { createRoot } from 'react-dom/client';
import { Admin, ListGuesser, Resource } from 'react-admin';
import simpleRestProvider from 'ra-data-simple-rest';

/**
 * The smallest react-admin app a user could build (issue 14's yardstick): one resource,
 * ra-data-simple-rest, ListGuesser, react-admin's defaults for everything else. Built by
 * bench/first-visit.ts with the console's own library versions, served by a tiny Fastify.
 */
const root = document.getElementById('root');
if (!root) throw new Error('index.html must contain <div id="root">');
createRoot(root).render(
  <Admin dataProvider={simpleRestProvider('/api')} disableTelemetry>
    <Resource name="medicine" list={ListGuesser} />
  </Admin>,
);
