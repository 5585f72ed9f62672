import { useMemo } from 'react';
import { Admin, CustomRoutes, Resource, defaultDarkTheme, defaultLightTheme, type DataProvider } from 'react-admin';
import { Route } from 'react-router-dom';
import { registry as productRegistry, type Registry } from '../resources';
import { createDataProvider } from '../dataProvider';
import { createAuthProvider } from '../authProvider';
import { i18nProvider } from '../i18n';
import { API_URL } from './config';
import { iconOf } from './icons';
import { AppLayout } from './layout/AppLayout';
import { AppNotification } from './layout/AppNotification';
import { AppTitle } from './layout/AppTitle';
import { ResourceList } from './screens/ResourceList';
import { LoginPage } from './pages/LoginPage';
import { ForgotPasswordPage } from './pages/ForgotPasswordPage';
import { HomePage, SingletonScreen } from './pages/HomePage';
import { aliasRoutes } from './routes';
import { RegistryProvider } from './registry-context';
import { consoleModules } from './modules';
import { RowActionsProvider, mergeRowActions } from './screens/row-action-extensions';
import { AccessDeniedPage } from './modules/access/AccessDeniedPage';

const rowActions = mergeRowActions(consoleModules.map((m) => m.rowActions));

/**
 * Wires the providers once. Every resource screen is generated from its descriptor: the list
 * route also serves /{name}/create and /{name}/{id}, which open the form dialog over it; a
 * singleton's route is its one-record editor, and the home singleton's editor is also `/`.
 */
export function App({ registry = productRegistry, dataProvider: given }: { registry?: Registry; dataProvider?: DataProvider }) {
  const dataProvider = useMemo(() => given ?? createDataProvider({ apiUrl: API_URL, registry }), [given, registry]);
  const authProvider = useMemo(() => createAuthProvider({ apiUrl: API_URL, registry }), [registry]);
  return (
    <RegistryProvider value={registry}>
      <RowActionsProvider value={rowActions}>
        <Admin
          disableTelemetry
          title={<AppTitle />}
          dataProvider={dataProvider}
          authProvider={authProvider}
          i18nProvider={i18nProvider}
          layout={AppLayout}
          loginPage={LoginPage}
          notification={AppNotification}
          dashboard={HomePage}
          accessDenied={AccessDeniedPage}
          // Light by default; the app bar's toggle stores the choice in localStorage.
          lightTheme={defaultLightTheme}
          darkTheme={defaultDarkTheme}
          defaultTheme="light"
        >
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
        </Admin>
      </RowActionsProvider>
    </RegistryProvider>
  );
}
