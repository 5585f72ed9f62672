import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { registry } from '../../../resources';
import { allSlugs, fail, listHandlers } from '../../msw/contract';
import { server } from '../../msw/server';
import { renderApp, signIn } from '../render';
import { serveMenu } from './menuData';

// A shared 2-core machine renders the whole console slowly: wait longer for things to appear.
configure({ asyncUtilTimeout: 8000 });

const about = registry.get('about');
const medicine = registry.get('medicine');

/** Home page calls (the about singleton and the catalogue summary) answered empty. */
function serveHome() {
  server.use(...registry.all.flatMap((d) => listHandlers(d, [])));
}

function setLayout(type: 'vertical' | 'horizontal', shape: 'default' | 'slim') {
  localStorage.setItem('navigation-type', type);
  localStorage.setItem('navbar-shape', shape);
}

const sidebar = () => document.querySelector<HTMLElement>('.RaSidebar-fixed')!;

describe('navigation from the menu data, in each layout', { timeout: 120_000 }, () => {
  beforeEach(() => {
    signIn([...allSlugs(about), ...allSlugs(medicine)]);
    serveHome();
  });

  it('vertical: groups in menu_position order, screens linked to their routes, unknown icons drawn as the default', async () => {
    setLayout('vertical', 'default');
    const calls = serveMenu();
    renderApp('/');
    const nav = await waitFor(() => {
      const el = sidebar();
      expect(within(el).getByRole('menuitem', { name: /medicine list/i })).toBeInTheDocument();
      return el;
    });
    const links = within(nav).getAllByRole('menuitem');
    expect(links.map((l) => l.textContent)).toEqual(['Dashboard', 'User List', 'Pharmacy Category', 'Medicine List']);
    // A screen's list slug leads to its route; other slugs become paths that the aliases redirect.
    expect(within(nav).getByRole('menuitem', { name: /medicine list/i })).toHaveAttribute('href', '/medicine');
    expect(within(nav).getByRole('menuitem', { name: /pharmacy category/i })).toHaveAttribute('href', '/pharmacy-category');
    expect(within(nav).getByRole('menuitem', { name: /user list/i })).toHaveAttribute('href', '/users');
    expect(
      within(nav)
        .getByRole('menuitem', { name: /user list/i })
        .querySelector('[data-testid="BorderAllIcon"]'),
    ).not.toBeNull();
    expect(
      within(nav)
        .getByRole('menuitem', { name: /medicine list/i })
        .querySelector('[data-testid="MedicationIcon"]'),
    ).not.toBeNull();
    // Group headings show in the open side bar for groups of several screens.
    expect(within(nav).getByRole('group', { name: 'Pharmacy' })).toBeInTheDocument();
    expect(document.querySelector('.RaSidebar-docked, .RaSidebar-open')).not.toBeNull();
    expect(calls.count).toBeGreaterThan(0);
  });

  it('vertical: the collapse toggle closes the side bar and the choice is remembered', async () => {
    setLayout('vertical', 'default');
    serveMenu();
    const user = userEvent.setup();
    const { unmount } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: /close menu/i }));
    expect(localStorage.getItem('navbar-collapsed')).toBe('true');
    await waitFor(() => expect(document.querySelector('.RaSidebar-closed')).not.toBeNull());
    unmount();
    renderApp('/');
    expect(await screen.findByRole('button', { name: /open menu/i })).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => expect(document.querySelector('.RaSidebar-closed')).not.toBeNull());
  });

  it('vertical slim: icons only, the name shows on hover, every icon reachable by keyboard', async () => {
    setLayout('vertical', 'slim');
    serveMenu();
    const user = userEvent.setup();
    renderApp('/');
    const item = await waitFor(() => within(sidebar()).getByRole('menuitem', { name: /medicine list/i }));
    expect(document.querySelector('.RaSidebar-closed')).not.toBeNull();
    // No group headings in the slim bar; nothing to collapse.
    expect(within(sidebar()).queryByText('Pharmacy')).toBeNull();
    expect(screen.queryByRole('button', { name: /close menu|open menu/i })).toBeNull();
    await user.hover(item);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Medicine List');
    await user.unhover(item);
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
    within(sidebar())
      .getByRole('menuitem', { name: /pharmacy category/i })
      .focus();
    // Every icon is reachable by Tab (MUI shows the same tooltip on keyboard focus).
    await user.tab();
    expect(item).toHaveFocus();
  });

  it('horizontal: a top bar with one drop-down per group of several screens, and no side bar', async () => {
    setLayout('horizontal', 'default');
    serveMenu();
    const user = userEvent.setup();
    renderApp('/');
    const bar = await screen.findByRole('navigation', { name: /main navigation/i });
    expect(sidebar()).toBeNull();
    // A group of one screen is a plain link.
    expect(await within(bar).findByRole('link', { name: 'User List' })).toHaveAttribute('href', '/users');
    await user.click(within(bar).getByRole('button', { name: 'Pharmacy' }));
    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['Pharmacy Category', 'Medicine List']);
    expect(items[1]).toHaveAttribute('href', '/medicine');
  });

  it('horizontal slim: icon buttons whose names are their accessible names and tooltips', async () => {
    setLayout('horizontal', 'slim');
    serveMenu();
    const user = userEvent.setup();
    renderApp('/');
    const bar = await screen.findByRole('navigation', { name: /main navigation/i });
    const pharmacy = await within(bar).findByRole('button', { name: 'Pharmacy' });
    expect(pharmacy).not.toHaveTextContent('Pharmacy');
    await user.hover(pharmacy);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Pharmacy');
    await user.click(pharmacy);
    expect(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Medicine List' })).toHaveAttribute('href', '/medicine');
  });

  it('says so when the menu cannot be loaded', async () => {
    setLayout('vertical', 'default');
    server.use(http.get('*/api/menu/menu-list-user', () => fail('Something went wrong!', 500)));
    renderApp('/');
    await waitFor(() => expect(screen.getByText('The menu could not be loaded.')).toBeInTheDocument());
  });
});
