import { Navigate, Route, useLocation } from 'react-router-dom';
import type { Registry } from '../resources';

/** Redirects an alias of the spec (/pharmacy, /doctorss, ...) to its screen, keeping the query. */
function AliasRedirect({ to }: { to: string }) {
  const { search } = useLocation();
  return <Navigate replace to={{ pathname: to, search }} />;
}

/** One route per descriptor alias; static paths outrank the resource's `/{name}/*` route. */
export const aliasRoutes = (registry: Registry) =>
  registry.all.flatMap((d) =>
    (d.menu.aliases ?? []).map((alias) => <Route key={alias} path={alias} element={<AliasRedirect to={`/${d.name}`} />} />),
  );
