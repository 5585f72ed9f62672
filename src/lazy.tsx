import { lazy, Suspense, useEffect, useState, type ComponentType, type ReactElement, type ReactNode } from 'react';
import { Loading } from 'react-admin';
import { loadToolMessages, toolMessagesReady, type ToolCatalogue } from '../i18n';

/**
 * A component whose code is a chunk of its own, fetched the first time it renders: the sign-in
 * page and a list load only what they show. Until the chunk arrives the place shows
 * `fallback`: react-admin's translated <Loading/> for screens, nothing for small parts (a row
 * button, an app bar item). `load` names the export, so modules keep their named exports.
 */
export type OnDemandComponent<P extends object> = ((props: P) => ReactElement) & {
  /**
   * Starts fetching the chunk now (before the first render needs it). Settles when it is here or
   * has failed (never rejects): a failed fetch is retried when the component renders.
   */
  preload: () => Promise<void>;
};

export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode = <Loading />,
): OnDemandComponent<P> {
  let loading: Promise<ComponentType<P>> | undefined;
  let loaded: ComponentType<P> | undefined;
  const loadOnce = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(async () => ({ default: await loadOnce() }));
  // Safe: the lazy component takes exactly P (React's typing of a lazy generic component adds
  // its own props wrapper that TypeScript cannot relate to an unresolved P).
  const Component = Lazy as unknown as ComponentType<P>;
  function OnDemand(props: P) {
    // Code already here (preloaded, or shown before) renders at once. React.lazy would suspend
    // once more on its first render, and React holds a suspended boundary's content back for up
    // to 300 ms after its fallback showed: twice on the way to a first list row (layout, then
    // list). Decided once per mount, so the tree's shape never changes
    // under a mounted screen.
    const [Direct] = useState(() => loaded);
    if (Direct) return <Direct {...props} />;
    return (
      <Suspense fallback={fallback}>
        <Component {...props} />
      </Suspense>
    );
  }
  OnDemand.preload = () =>
    loadOnce().then(
      () => undefined,
      () => undefined,
    );
  return OnDemand;
}

/** Whether a component is one of lazyComponent's (and so can be preloaded). */
export function isOnDemand(component: unknown): component is OnDemandComponent<object> {
  return typeof component === 'function' && typeof (component as { preload?: unknown }).preload === 'function';
}

/**
 * `load`, and the English words of the tool whose part it loads (a catalogue kept out of the first
 * visit, i18n/index.ts): the part renders once both are here, never with its keys showing.
 */
export const withToolMessages =
  <T,>(tool: ToolCatalogue, load: () => Promise<T>) =>
  (): Promise<T> =>
    Promise.all([load(), loadToolMessages(tool)]).then(([loaded]) => loaded);

/**
 * Whether a tool's English words are here, fetching them on first use: for parts that come with
 * an eagerly loaded screen but show the tool's words only later (a conflict notice in a form).
 */
export function useToolMessages(tool: ToolCatalogue): boolean {
  const [ready, setReady] = useState(() => toolMessagesReady(tool));
  useEffect(() => {
    if (ready) return;
    let mounted = true;
    void loadToolMessages(tool).then(() => {
      if (mounted) setReady(true);
    });
    return () => {
      mounted = false;
    };
  }, [tool, ready]);
  return ready;
}
