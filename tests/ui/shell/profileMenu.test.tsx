import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import MenuItem from '@mui/material/MenuItem';
import { createRegistry, descriptors, registry as product, type ResourceDescriptor } from '../../../resources';
import { consoleModules, type ConsoleModule } from '../../../src/modules';
import { allSlugs, listHandlers, ok } from '../../msw/contract';
import { server } from '../../msw/server';
import { renderApp, signIn } from '../render';
import { serveMenu } from './menuData';

configure({ asyncUtilTimeout: 8000 });

/**
 * A stand-in for the users screen's descriptor, with the slugs as the spec names them
 * (users/user-list, users/user-create), so the profile menu is tested without the users module.
 */
const usersStandIn = {
  name: 'users',
  api: { prefix: 'users', entity: 'user', body: 'json' },
  table: 'users',
  idField: 'user_id',
  statusField: 'user_status',
  titleField: 'user_name',
  menu: { group: 'users', icon: 'Groups' },
  fields: [
    { name: 'user_name', kind: 'text', required: true, list: true, search: true },
    { name: 'user_status', kind: 'status', default: 1, list: true },
  ],
} as const satisfies ResourceDescriptor;
const registry = product.find('users') ? product : createRegistry([...descriptors, usersStandIn]);
const users = registry.get('users');
const about = registry.get('about');

function serveHome() {
  server.use(...registry.all.flatMap((d) => listHandlers(d, [])));
  serveMenu();
}

/**
 * The profile button: an icon named "Profile" below 600 px, the user's name from there on
 * ("Admin, profile menu"; happy-dom's window is 1024 px wide).
 */
const PROFILE = { name: /^(Profile|.+, profile menu)$/ };

async function openProfileMenu() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', PROFILE));
  return { user, menu: await screen.findByRole('menu') };
}

describe('the profile menu and the app bar', { timeout: 120_000 }, () => {
  it('offers My profile, Reset password, Settings, New user (may create users), Lock and Logout', async () => {
    signIn([...allSlugs(about), ...allSlugs(users)]);
    serveHome();
    renderApp('/', registry);
    const { menu } = await openProfileMenu();
    // The second factor's Lock entry comes with its own code, once it has arrived: the whole menu then.
    await waitFor(() => expect(within(menu).getByRole('menuitem', { name: 'Lock' })).toBeInTheDocument());
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((i) => [i.textContent, i.getAttribute('href')])).toEqual([
      ['My profile', '/users/my-profile'],
      ['Reset password', '/users/reset-password'],
      ['Settings', '/settings'],
      ['New user', '/users/create'],
      ['Lock', null],
      ['Logout', '/logout'],
    ]);
  });

  it('leaves New user out for a user who may not create users', async () => {
    signIn([...allSlugs(about), 'users/user-list']);
    serveHome();
    renderApp('/', registry);
    const { menu } = await openProfileMenu();
    await waitFor(() => expect(within(menu).getByRole('menuitem', { name: 'Logout' })).toBeInTheDocument());
    // The second factor's Lock entry comes with its own code, once it has arrived.
    await waitFor(() => expect(within(menu).getByRole('menuitem', { name: 'Lock' })).toBeInTheDocument());
    expect(within(menu).queryByRole('menuitem', { name: 'New user' })).toBeNull();
    expect(within(menu).getAllByRole('menuitem')).toHaveLength(5);
  });

  it("shows the user's picture, the modules' items, and the version from package.json", async () => {
    signIn(allSlugs(about));
    const pictured = {
      user_id: 1,
      user_name: 'Test User',
      username: 'test',
      user_picture: 'uploads/users/me.webp',
      permissions: allSlugs(about),
    };
    localStorage.setItem('user', JSON.stringify(pictured));
    server.use(http.get('*/api/users/get-auth-user', () => ok(pictured)));
    serveHome();
    const Extra = () => <MenuItem>Extra entry</MenuItem>;
    const Bell = () => <button type="button">Bell</button>;
    const testModule: ConsoleModule = { name: 'test', userMenuItems: [Extra], appBarItems: [Bell] };
    (consoleModules as ConsoleModule[]).push(testModule);
    try {
      renderApp('/', registry);
      const profile = await screen.findByRole('button', PROFILE);
      await waitFor(() => expect(profile.querySelector('img')).toHaveAttribute('src', '/api/uploads/users/me.webp'));
      expect(screen.getByRole('button', { name: 'Bell' })).toBeInTheDocument();
      // The shell's own app bar items: the search and the theme toggle.
      expect(screen.getByRole('button', { name: 'Search (Ctrl+K)' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Switch to the dark theme' })).toBeInTheDocument();
      expect(screen.getByText('v3.0.1')).toBeInTheDocument();
      const { menu } = await openProfileMenu();
      const names = within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent);
      expect(names.indexOf('Extra entry')).toBeGreaterThan(names.indexOf('Settings'));
      expect(names.at(-1)).toBe('Logout');
    } finally {
      (consoleModules as ConsoleModule[]).splice(consoleModules.indexOf(testModule), 1);
    }
  });

  it('/settings opens the theme setup, whose choices apply at once and reset to the defaults', async () => {
    signIn(allSlugs(about));
    serveHome();
    const user = userEvent.setup();
    renderApp('/settings', registry);
    expect(await screen.findByRole('heading', { name: 'Theme setup', level: 1 })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Dark' }));
    expect(localStorage.getItem('theme')).toBe('dark');
    // Applied without a reload: the app bar's toggle now offers the light theme.
    expect(await screen.findByRole('button', { name: 'Switch to the light theme' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Horizontal slim' }));
    expect(localStorage.getItem('navigation-type')).toBe('horizontal');
    expect(localStorage.getItem('navbar-shape')).toBe('slim');
    expect(await screen.findByRole('navigation', { name: /main navigation/i })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Darker' }));
    await user.click(screen.getByRole('radio', { name: 'Right to left' }));
    await user.click(screen.getByRole('combobox', { name: 'Language' }));
    await user.click(await screen.findByRole('option', { name: 'বাংলা' }));
    expect(localStorage.getItem('menu-color')).toBe('darker');
    expect(localStorage.getItem('theme-dir')).toBe('rtl');
    expect(localStorage.getItem('language')).toBe('bn');
    // The console now speaks Bengali (react-admin redraws the page once the catalogue is loaded):
    // click the redrawn button, not the English one that was replaced.
    await user.click(await screen.findByRole('button', { name: 'ডিফল্টে ফিরিয়ে নিন' }));
    expect(
      Object.fromEntries(
        ['theme', 'navbar-shape', 'navigation-type', 'menu-color', 'navbar-collapsed', 'theme-dir', 'language'].map((k) => [
          k,
          localStorage.getItem(k),
        ]),
      ),
    ).toEqual({
      theme: 'light',
      'navbar-shape': 'default',
      'navigation-type': 'vertical',
      'menu-color': 'lighter',
      'navbar-collapsed': 'false',
      'theme-dir': 'ltr',
      language: 'en',
    });
    expect(await screen.findByRole('radio', { name: 'Light' })).toBeChecked();
    await waitFor(() => expect(screen.queryByRole('navigation', { name: /main navigation/i })).toBeNull());
  });
});
