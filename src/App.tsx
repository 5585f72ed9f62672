import { Admin, CustomRoutes, Resource, defaultDarkTheme, defaultLightTheme } from 'react-admin';
import { Route } from 'react-router-dom';
import { descriptors, registry } from '../resources';
import { createDataProvider } from '../dataProvider';
import { createAuthProvider } from '../authProvider';
import { i18nProvider } from '../i18n';
import { API_URL } from './config';
import { iconOf } from './icons';
import { AppLayout } from './layout/AppLayout';
import { AppNotification } from './layout/AppNotification';
import { ResourceList } from './generated/ResourceList';
import { LoginPage } from './pages/LoginPage';
import { ForgotPasswordPage } from './pages/ForgotPasswordPage';
import { HomePage } from './pages/HomePage';
import { aliasRoutes } from './routes';

const dataProvider = createDataProvider({ apiUrl: API_URL, registry });
const authProvider = createAuthProvider({ apiUrl: API_URL, registry });

/**
 * Wires the providers once. Every resource screen is generated from its descriptor: the list
 * route also serves /{name}/create and /{name}/{id}, which open the form dialog over it.
 */
export function App() {
  return (
    <Admin
      disableTelemetry
      title="app.title"
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      layout={AppLayout}
      loginPage={LoginPage}
      notification={AppNotification}
      dashboard={HomePage}
      // Light by default; the app bar's toggle stores the choice in localStorage.
      lightTheme={defaultLightTheme}
      darkTheme={defaultDarkTheme}
      defaultTheme="light"
    >
      {descriptors.map((d) => (
        <Resource key={d.name} name={d.name} list={ResourceList} icon={iconOf(d.menu.icon)} />
      ))}
      <CustomRoutes>
        {aliasRoutes}
        <Route path="/home" element={<HomePage />} />
        <Route path="/about" element={<HomePage />} />
      </CustomRoutes>
      <CustomRoutes noLayout>
        <Route path="/forgot-password" element={<ForgotPasswordPage />} />
      </CustomRoutes>
    </Admin>
  );
}
