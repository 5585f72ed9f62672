import { lazy, Suspense, type ComponentType, type ReactElement, type ReactNode } from 'react';
import { Loading } from 'react-admin';

/**
 * A component whose code is a chunk of its own, fetched the first time it renders: the sign-in
 * page and a list load only what they show (issue 14). Until the chunk arrives the place shows
 * `fallback`: react-admin's translated <Loading/> for screens, nothing for small parts (a row
 * button, an app bar item). `load` names the export, so modules keep their named exports.
 */
export type OnDemandComponent<P extends object> = ((props: P) => ReactElement) & {
  /** Starts fetching the chunk now (before the first render needs it); a failed fetch is retried then. */
  preload: () => void;
};

export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode = <Loading />,
): OnDemandComponent<P> {
  let loading: Promise<ComponentType<P>> | undefined;
  const loadOnce = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  const Lazy = lazy(async () => ({ default: await loadOnce() }));
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
  OnDemand.preload = () => {
    loadOnce().catch(() => undefined);
  };
  return OnDemand;
}
