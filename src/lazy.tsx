import { lazy, Suspense, type ComponentType, type ReactElement, type ReactNode } from 'react';
import { Loading } from 'react-admin';

/**
 * A component whose code is a chunk of its own, fetched the first time it renders: the sign-in
 * page and a list load only what they show (issue 14). Until the chunk arrives the place shows
 * `fallback`: react-admin's translated <Loading/> for screens, nothing for small parts (a row
 * button, an app bar item). `load` names the export, so modules keep their named exports.
 */
export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode = <Loading />,
): (props: P) => ReactElement {
  const Lazy = lazy(async () => ({ default: await load() }));
  // Safe: the lazy component takes exactly P (React's typing of a lazy generic component adds
  // its own props wrapper that TypeScript cannot relate to an unresolved P).
  const Component = Lazy as unknown as ComponentType<P>;
  function OnDemand(props: P) {
    return (
      <Suspense fallback={fallback}>
        <Component {...props} />
      </Suspense>
    );
  }
  return OnDemand;
}
