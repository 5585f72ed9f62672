import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { AdminContext, Notification } from 'react-admin';
import { i18nProvider, loadToolMessages } from '../../../i18n';
import { PermissionTree } from '../../../src/modules/access/PermissionTree';
import type { PermissionEntry } from '../../../src/modules/access';
import { server } from '../../msw/server';
import { fail, ok } from '../../msw/contract';
import { treeItemNamed } from './treeItem';
import { entry } from './entries';

/** The catalogue as /permission/permission-list answers it for one group. */
const groupTree = () => [
  entry(1, 'Branch', 'branch', 1, [
    entry(2, 'Branch List', 'branch/branch-list', 1),
    entry(3, 'Branch Create', 'branch/branch-create', 0),
    entry(4, 'Branch Delete', 'branch/branch-delete', 0),
  ]),
  entry(5, 'Settings', 'settings', 0, [entry(6, 'Menu Setup', 'settings/menu-setup', 0), entry(7, 'Menu List', 'menu/menu-list', 0)]),
  entry(8, 'Reports', 'reports', 0),
];

/** A tiny server for one group: loads the tree, applies saves, or refuses them when told to. */
function groupServer(refuse?: string) {
  const saves: unknown[] = [];
  server.use(
    http.get('*/api/permission/permission-list/', ({ request }) => {
      const q = new URL(request.url).searchParams;
      expect(q.get('group')).toBe('3');
      expect(q.get('menu')).toBe('all');
      expect(q.get('status')).toBe('1');
      return ok(groupTree());
    }),
    http.post('*/api/permission/permission-create', async ({ request }) => {
      saves.push(await request.json());
      return refuse ? fail(refuse, 409) : ok({ group_id: 3 });
    }),
  );
  return saves;
}

function renderTree(props: { group: number; user?: number }) {
  return render(
    <AdminContext i18nProvider={i18nProvider}>
      <PermissionTree {...props} label="Permissions of Clerks" />
      <Notification />
    </AdminContext>,
  );
}

const item = (name: string) => screen.getByRole('treeitem', { name: treeItemNamed(name) });

describe('PermissionTree', () => {
  // The tree's English words load with the screens that show it; rendered alone here, they are loaded first.
  beforeAll(() => loadToolMessages('access'));
  it('shows the catalogue as an ARIA tree with checked, mixed and unchecked entries and a granted count', async () => {
    groupServer();
    renderTree({ group: 3 });
    const tree = await screen.findByRole('tree', { name: 'Permissions of Clerks' });
    // Collapsed: only the top level shows.
    expect(
      within(tree)
        .getAllByRole('treeitem')
        .map((i) => i.getAttribute('aria-level')),
    ).toEqual(['1', '1', '1']);
    expect(item('Branch')).toHaveAttribute('aria-checked', 'mixed');
    expect(item('Branch')).toHaveAttribute('aria-expanded', 'false');
    expect(item('Settings')).toHaveAttribute('aria-checked', 'false');
    expect(item('Reports')).not.toHaveAttribute('aria-expanded');
    expect(screen.getByRole('status')).toHaveTextContent('2 of 8 granted');
    // One tab stop: the first item.
    expect(item('Branch')).toHaveAttribute('tabindex', '0');
    expect(item('Settings')).toHaveAttribute('tabindex', '-1');
  });

  it('ticking a parent sets all its children the same, and saves exactly what changed', async () => {
    const saves = groupServer();
    const u = userEvent.setup();
    renderTree({ group: 3 });
    await u.click(await screen.findByRole('button', { name: 'Expand all' }));
    await u.click(within(item('Settings')).getAllByText('Settings')[0]!);
    for (const name of ['Settings', 'Menu Setup', 'Menu List']) expect(item(name)).toHaveAttribute('aria-checked', 'true');
    await waitFor(() => {
      expect(saves).toHaveLength(1);
    });
    expect(saves[0]).toEqual({
      group_id: 3,
      permission_data: [
        { menu_id: 5, permission_status: 1 },
        { menu_id: 6, permission_status: 1 },
        { menu_id: 7, permission_status: 1 },
      ],
    });
    expect(screen.getByRole('status')).toHaveTextContent('5 of 8 granted');
    // Unticking it clears the children too.
    await u.click(within(item('Settings')).getAllByText('Settings')[0]!);
    for (const name of ['Settings', 'Menu Setup', 'Menu List']) expect(item(name)).toHaveAttribute('aria-checked', 'false');
    await waitFor(() => {
      expect(saves).toHaveLength(2);
    });
  });

  it('ticking a child sets its parent on; a parent with some children on is mixed', async () => {
    const saves = groupServer();
    const u = userEvent.setup();
    renderTree({ group: 3 });
    await u.click(await screen.findByRole('button', { name: 'Expand all' }));
    await u.click(within(item('Menu List')).getByText('Menu List'));
    expect(item('Menu List')).toHaveAttribute('aria-checked', 'true');
    expect(item('Settings')).toHaveAttribute('aria-checked', 'mixed');
    await waitFor(() => {
      expect(saves).toHaveLength(1);
    });
    expect(saves[0]).toEqual({
      group_id: 3,
      permission_data: [
        { menu_id: 5, permission_status: 1 },
        { menu_id: 7, permission_status: 1 },
      ],
    });
    // Ticking the mixed parent completes it.
    await u.click(within(item('Settings')).getAllByText('Settings')[0]!);
    expect(item('Settings')).toHaveAttribute('aria-checked', 'true');
    expect(item('Menu Setup')).toHaveAttribute('aria-checked', 'true');
  });

  it('works from the keyboard: arrows move, open and close, Home/End jump, Space toggles, focus follows', async () => {
    const saves = groupServer();
    const u = userEvent.setup();
    renderTree({ group: 3 });
    await screen.findByRole('tree');
    await u.tab(); // filter box
    await u.tab(); // expand all
    await u.tab(); // collapse all
    await u.tab();
    expect(item('Branch')).toHaveFocus();
    await u.keyboard('{ArrowDown}');
    expect(item('Settings')).toHaveFocus();
    expect(item('Settings')).toHaveAttribute('tabindex', '0');
    expect(item('Branch')).toHaveAttribute('tabindex', '-1');
    await u.keyboard('{ArrowRight}');
    expect(item('Settings')).toHaveAttribute('aria-expanded', 'true');
    await u.keyboard('{ArrowRight}');
    expect(item('Menu Setup')).toHaveFocus();
    await u.keyboard(' ');
    expect(item('Menu Setup')).toHaveAttribute('aria-checked', 'true');
    expect(item('Settings')).toHaveAttribute('aria-checked', 'mixed');
    await waitFor(() => {
      expect(saves).toHaveLength(1);
    });
    await u.keyboard('{ArrowLeft}');
    expect(item('Settings')).toHaveFocus();
    await u.keyboard('{ArrowLeft}');
    expect(item('Settings')).toHaveAttribute('aria-expanded', 'false');
    await u.keyboard('{End}');
    expect(item('Reports')).toHaveFocus();
    await u.keyboard('{Home}');
    expect(item('Branch')).toHaveFocus();
    await u.keyboard('{ArrowUp}');
    expect(item('Branch')).toHaveFocus();
  });

  it('rolls a refused toggle back and shows the server message', async () => {
    const saves = groupServer('The Super Admin group must keep "menu/menu-list"');
    const u = userEvent.setup();
    renderTree({ group: 3 });
    await u.click(await screen.findByRole('button', { name: 'Expand all' }));
    await u.click(within(item('Branch Create')).getByText('Branch Create'));
    expect(await screen.findByText('The Super Admin group must keep "menu/menu-list"')).toBeInTheDocument();
    expect(saves).toHaveLength(1);
    expect(item('Branch Create')).toHaveAttribute('aria-checked', 'false');
    expect(item('Branch')).toHaveAttribute('aria-checked', 'mixed');
    expect(screen.getByRole('status')).toHaveTextContent('2 of 8 granted');
  });

  it('filters by name or slug (keeping parents), and expands and collapses all', async () => {
    groupServer();
    const u = userEvent.setup();
    renderTree({ group: 3 });
    await u.type(await screen.findByLabelText('Filter menus'), 'menu/');
    expect(
      screen.getAllByRole('treeitem').map((i) => i.getAttribute('aria-labelledby') && within(i).getAllByText(/./)[0]!.textContent),
    ).toEqual(['Settings', 'Menu List']);
    await u.clear(screen.getByLabelText('Filter menus'));
    expect(screen.getAllByRole('treeitem')).toHaveLength(3);
    await u.click(screen.getByRole('button', { name: 'Expand all' }));
    expect(screen.getAllByRole('treeitem')).toHaveLength(8);
    await u.click(screen.getByRole('button', { name: 'Collapse all' }));
    expect(screen.getAllByRole('treeitem')).toHaveLength(3);
  });

  it('for one user marks the entries that differ from the group and resets them to the group', async () => {
    const saves: unknown[] = [];
    const userEntry = (e: PermissionEntry, group: number, source: 'group' | 'granted' | 'denied'): PermissionEntry => ({
      ...e,
      group_permission_status: group,
      permission_source: source,
    });
    server.use(
      http.get('*/api/permission/permission-list-user/', ({ request }) => {
        const q = new URL(request.url).searchParams;
        expect([q.get('user'), q.get('group')]).toEqual(['12', '3']);
        return ok([
          userEntry(
            entry(1, 'Branch', 'branch', 1, [
              userEntry(entry(2, 'Branch List', 'branch/branch-list', 0), 1, 'denied'),
              userEntry(entry(3, 'Branch Create', 'branch/branch-create', 1), 0, 'granted'),
            ]),
            1,
            'group',
          ),
        ]);
      }),
      http.post('*/api/permission/permission-create-user', async ({ request }) => {
        saves.push(await request.json());
        return ok({ user_id: 12 });
      }),
    );
    const u = userEvent.setup();
    renderTree({ group: 3, user: 12 });
    await u.click(await screen.findByRole('button', { name: 'Expand all' }));
    expect(within(item('Branch List')).getByText('Denied to user')).toBeInTheDocument();
    expect(within(item('Branch Create')).getByText('Granted to user')).toBeInTheDocument();
    // The row of Branch itself (its children sit below it in the same item).
    expect(within(item('Branch').firstElementChild as HTMLElement).queryByText(/to user/)).not.toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Reset to group: Branch List' }));
    expect(item('Branch List')).toHaveAttribute('aria-checked', 'true');
    expect(within(item('Branch List')).queryByText('Denied to user')).not.toBeInTheDocument();
    await waitFor(() => {
      expect(saves).toHaveLength(1);
    });
    expect(saves[0]).toEqual({ user: { user_id: 12, user_group: 3 }, permission_data: [{ menu_id: 2, reset: true }] });
    // Unticking the granted entry brings it back to the group's value: no longer marked.
    await u.click(within(item('Branch Create')).getByText('Branch Create'));
    expect(within(item('Branch Create')).queryByText('Granted to user')).not.toBeInTheDocument();
    await waitFor(() => {
      expect(saves).toHaveLength(2);
    });
    expect(saves[1]).toEqual({ user: { user_id: 12, user_group: 3 }, permission_data: [{ menu_id: 3, permission_status: 0 }] });
    expect(screen.getByRole('button', { name: /Reset all to group \(0\)/ })).toBeDisabled();
  });
});
