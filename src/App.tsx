import { useEffect, useMemo, useState } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { Admin, CustomRoutes, Resource, type DataProvider, type I18nProvider, type LayoutProps } from 'react-admin';
import { Navigate, Route, useLocation } from 'react-router-dom';
import { registry as productRegistry, type Registry } from '../resources';
import { createDataProvider } from '../dataProvider';
import { withEarlyList } from '../dataProvider/earlyList';
import { createAuthProvider, session, type ConsoleAuthProvider } from '../authProvider';
import { i18nProvider as consoleI18nProvider } from '../i18n';
import { API_URL } from './config';
import { createQueryClient } from './queryClient';
import { iconOf } from './icons';
import { accessibleTheme } from './layout/accessibleTheme';
import { AppNotification } from './layout/AppNotification';
import { AppTitle } from './layout/AppTitle';
import { contentMode, themeOptions, useDocumentTheme } from './layout/theme';
import { loadScriptFont, withScriptFont } from './layout/scriptFonts';
import { usePreference } from './preferences';
import { LoginPage } from './pages/LoginPage';
import { aliasRoutes } from './routes';
import { RegistryProvider } from './registry-context';
import { ModulesProvider } from './modules-context';
import { consoleModules } from './modules';
import { ScreenExtensionsProvider, type ScreenExtensions } from './screens/extensions';

const screenExtensions = Object.assign({}, ...consoleModules.map((m) => m.screens ?? {})) as ScreenExtensions;
import { RowActionsProvider, mergeRowActions } from './screens/row-action-extensions';
import { DirectionProvider, useDirection, withDirection } from './modules/i18n/DirectionProvider';
import { preferenceStore } from './modules/i18n/preferenceStore';
import { isOnDemand, lazyComponent, withToolMessages } from './lazy';
import { EarlyPagesContext, prefetchFirstPage, type EarlyPages } from './screens/firstPage';
import { isLocked } from './modules/second-factor/lock-state';
import { FieldRulesProvider, type FieldRulesAnswer } from './screens/field-rules';

const noFieldRules = (): FieldRulesAnswer | undefined => undefined;
/** The one module's hook answering the user's field rules (none without one): the same on every render. */
const useFieldRules = consoleModules.find((m) => m.useFieldRules)?.useFieldRules ?? noFieldRules;

/*
 * The sign-in page loads only the shell above; everything shown once signed in is a chunk of its
 * own, fetched when first rendered, so the first visit downloads and parses only what the sign-in
 * page shows (bench/FIRST-VISIT.md): the layout (app bar, menu, their module items),
 * the generated screens (one list component serves every descriptor, its form dialog and inputs
 * load when a dialog opens), the home page and the module pages (see each module's index.tsx).
 */
const AppLayout = lazyComponent(() => import('./signed-in').then((m) => m.AppLayout));
const ResourceList = lazyComponent(() => import('./signed-in').then((m) => m.ResourceList));
const HomePage = lazyComponent(() => import('./signed-in').then((m) => m.inLayout.HomePage()));
const SingletonScreen = lazyComponent(() => import('./signed-in').then((m) => m.inLayout.SingletonScreen()));
const AccessDeniedPage = lazyComponent(() => import('./modules/access/AccessDeniedPage').then((m) => m.AccessDeniedPage));
const ForgotPasswordPage = lazyComponent(
  withToolMessages('accounts', () => import('./pages/ForgotPasswordPage').then((m) => m.ForgotPasswordPage)),
);

/**
 * The layout's screens, for a visitor who arrives signed out: straight to the sign-in page, as
 * react-admin's session check would send them, but before the layout's code is fetched and its
 * screen drawn and refused (on a slow phone that held the sign-in form back by a second or more:
 * bench/PHONE.md). Once signed in, react-admin returns to the screen (its login reads the
 * `nextPathname` its own redirect passes). Decided as the layout first renders: a sign-out from
 * inside goes through react-admin's logout as before.
 */
function ConsoleLayout(props: LayoutProps) {
  const location = useLocation();
  const [signedOut] = useState(() => session.token() === null);
  if (signedOut) return <Navigate to="/login" replace state={{ nextPathname: location.pathname, nextSearch: location.search }} />;
  return <AppLayout {...props} />;
}

/**
 * The sign-in page; once it is drawn and the browser idle, the signed-in shell's code is fetched,
 * while the visitor types, rather than after they pressed Enter (bench/PHONE.md).
 */
function SignInPage() {
  useEffect(() => {
    // Not in every browser (Safari): a moment later there.
    const whenIdle = (run: () => void) =>
      'requestIdleCallback' in window ? window.requestIdleCallback(run) : (window as Window).setTimeout(run, 200);
    whenIdle(() => void prefetchSignedInScreens());
  }, []);
  return <LoginPage />;
}

/**
 * For a returning user whose session is in storage (main.tsx): the signed-in shell (layout, list
 * screen, app bar items: one chunk, src/signed-in.ts) is imported at once, and the first render
 * waits for it, instead of importing it when the layout first renders: the import then starts
 * before react-admin's first render rather than after it (bench/FIRST-VISIT.md). Its scripts are usually already downloading, preloaded by
 * public/session-boot.js. Settles when every part is here or has failed; never rejects.
 */
export function prefetchSignedInScreens(): Promise<unknown> {
  // Each part is marked loaded by its own preload, though they share one chunk: a part that was
  // not would still suspend once as it first renders, and React holds a suspended boundary's
  // content back for up to 300 ms after its fallback showed (~120 ms idle before a first list
  // row, bench/FIRST-VISIT.md).
  const parts = [AppLayout, ResourceList, ...consoleModules.flatMap((m) => m.appBarItems ?? [])];
  return Promise.all(parts.filter(isOnDemand).map((part) => part.preload()));
}

const rowActions = mergeRowActions(consoleModules.map((m) => m.rowActions));
/** react-admin's store, whose `locale` is the `language` preference. */
const store = preferenceStore();

/** The providers the console runs on, and its first page asked for at start-up. */
export interface ConsoleParts {
  dataProvider: DataProvider;
  queryClient: QueryClient;
  authProvider: ConsoleAuthProvider;
  /** Settles (never rejects) when the first page asked for at start-up is in, or at once if none was. */
  firstPage: Promise<void>;
  /** The pages asked for before their list (the list starts from one that has arrived, or one kept in the browser). */
  earlyPages: EarlyPages;
}

/**
 * Makes the providers, which starts the server's session check, and asks for the list's first
 * page when `location` opens one (prefetchFirstPage). main.tsx calls it before the signed-in
 * shell's code has arrived, so that the page is usually in when the console first renders, and the
 * list starts from it (src/screens/firstPage.ts): its rows are part of its first commit.
 */
export function createConsole({
  registry,
  dataProvider: given,
  location,
}: {
  registry: Registry;
  dataProvider?: DataProvider;
  location: { pathname: string; search: string };
}): ConsoleParts {
  // Nothing is kept in the browser while the console is locked (dataProvider/storedPages.ts).
  const early = withEarlyList(given ?? createDataProvider({ apiUrl: API_URL, registry }), { mayKeep: () => !isLocked() });
  const queryClient = createQueryClient();
  const authProvider = createAuthProvider({
    apiUrl: API_URL,
    registry,
    // react-admin keeps the authProvider's answers in its query cache under keys of its own; the
    // console does not name them. A session check that brings changed permissions makes every
    // query ask again: a screen no longer allowed goes to the access-denied page, the menu and the
    // data follow the new permissions. One the server refused is the screens' session check's to
    // act on (layout/SessionCheck.tsx): asking canAccess again first would send the user to
    // access-denied on the way to the sign-in page.
    onSessionChange: (change) => {
      if (change !== 'permissions') return;
      // The answers of screens not on view are dropped rather than kept stale: a screen opened
      // next would act on its stale answer first (a permission given back sent its user to
      // access-denied on the way in).
      queryClient.removeQueries({ type: 'inactive' });
      void queryClient.invalidateQueries();
    },
  });
  const firstPageAt = (at: { pathname: string; search: string }) =>
    prefetchFirstPage({
      askEarly: early.askEarly,
      stored: early.stored,
      registry,
      store,
      location: at,
      ownDefaults: (resource) => screenExtensions[resource]?.useListFilters !== undefined,
      mayList: (resource) => authProvider.canAccessNow({ resource, action: 'list' }) === true,
    });
  const firstPage = firstPageAt(location);
  return { dataProvider: early.dataProvider, queryClient, authProvider, firstPage, earlyPages: { ...early, firstPageAt } };
}

/**
 * The Admin's resources and custom routes, made once per registry. App re-renders on every
 * navigation (it reads the location for the first page's prefetch) and on a theme change; new
 * children there made react-admin rebuild its routes and register every resource again, two
 * re-renders of the whole layout each time, on the first visit's critical path (bench/FIRST-VISIT.md).
 */
function adminChildren(registry: Registry) {
  return (
    <>
      {registry.all.map((d) => (
        <Resource key={d.name} name={d.name} list={d.singleton ? SingletonScreen : ResourceList} icon={iconOf(d.menu.icon)} />
      ))}
      <CustomRoutes>
        {aliasRoutes(registry)}
        {consoleModules.flatMap((m) => m.routes ?? [])}
      </CustomRoutes>
      <CustomRoutes noLayout>
        <Route path="/forgot-password" element={<ForgotPasswordPage />} />
        {consoleModules.flatMap((m) => m.noLayoutRoutes ?? [])}
      </CustomRoutes>
    </>
  );
}

/**
 * Wires the providers once. Every resource screen is generated from its descriptor: the list
 * route also serves /{name}/create and /{name}/{id}, which open the form dialog over it; a
 * singleton's route is its one-record editor, and the home singleton's editor is also `/`.
 */
export function App({
  registry = productRegistry,
  dataProvider: given,
  i18nProvider = consoleI18nProvider,
  started,
}: {
  registry?: Registry;
  dataProvider?: DataProvider;
  i18nProvider?: I18nProvider;
  /** The providers main.tsx made before the first render (createConsole); else App makes them. */
  started?: ConsoleParts;
}) {
  const location = useLocation();
  const { dataProvider, queryClient, authProvider, earlyPages } = useMemo(
    () => started ?? createConsole({ registry, dataProvider: given, location }),
    // Only the address the console starts at matters (its first page is fetched early); moving on
    // must not make new providers.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [started, given, registry],
  );
  const direction = useDirection();
  const [themePreference] = usePreference('theme');
  const [language] = usePreference('language');
  const theme = useMemo(
    () => withDirection(accessibleTheme(withScriptFont(themeOptions(contentMode(themePreference)), language)), direction),
    [themePreference, direction, language],
  );
  useEffect(() => loadScriptFont(language), [language]);
  useDocumentTheme(themePreference);
  const children = useMemo(() => adminChildren(registry), [registry]);
  return (
    <RegistryProvider value={registry}>
      <ModulesProvider value={consoleModules}>
        <DirectionProvider>
          <ScreenExtensionsProvider value={screenExtensions}>
            <RowActionsProvider value={rowActions}>
              <FieldRulesProvider value={useFieldRules}>
                <EarlyPagesContext.Provider value={earlyPages}>
                  <Admin
                    store={store}
                    disableTelemetry
                    title={<AppTitle />}
                    dataProvider={dataProvider}
                    authProvider={authProvider}
                    queryClient={queryClient}
                    i18nProvider={i18nProvider}
                    layout={ConsoleLayout}
                    loginPage={SignInPage}
                    notification={AppNotification}
                    dashboard={HomePage}
                    accessDenied={AccessDeniedPage}
                    // The stored theme preference (light by default; semi-dark has light content), in the chosen direction.
                    theme={theme}
                  >
                    {children}
                  </Admin>
                </EarlyPagesContext.Provider>
              </FieldRulesProvider>
            </RowActionsProvider>
          </ScreenExtensionsProvider>
        </DirectionProvider>
      </ModulesProvider>
    </RegistryProvider>
  );
}
