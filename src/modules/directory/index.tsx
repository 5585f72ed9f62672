import { Route } from 'react-router-dom';
import type { ConsoleModule } from '../console-module';
import { lazyComponent } from '../../lazy';
import { OIDC_CALLBACK_PATH } from '../../../resources/directory';

// Both pages are chunks of their own: most visits never open them.
const DirectoryCallbackPage = lazyComponent(() => import('./DirectoryCallbackPage').then((m) => m.DirectoryCallbackPage));
const DirectorySettingsPage = lazyComponent(() => import('./DirectorySettingsPage').then((m) => m.DirectorySettingsPage));

/**
 * Sign-in through the hospital's directory: the page the OpenID provider sends the browser back
 * to, and the administrators' read-only settings with the SCIM tokens. The mapping's screen is the
 * descriptor's own (resources/directory-mapping); the sign-in page's button is DirectoryButton.
 */
export const directoryModule: ConsoleModule = {
  name: 'directory',
  routes: [<Route key="directory-settings" path="/directory/settings" element={<DirectorySettingsPage />} />],
  noLayoutRoutes: [<Route key="directory-callback" path={OIDC_CALLBACK_PATH} element={<DirectoryCallbackPage />} />],
};
