import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { AdminContext, memoryStore } from 'react-admin';
import { createI18nProvider } from '../../../i18n';
import { PermissionTree } from '../../../src/modules/access/PermissionTree';
import type { PermissionEntry } from '../../../src/modules/access';
import { server } from '../../msw/server';
import { ok } from '../../msw/contract';
import { treeItemNamed } from './treeItem';

/**
 * The permission tree names its entries as the navigation does, in the user's language: the
 * console's own menus (still bearing the name the catalogue wrote) from the catalogues, an
 * administrator's menu by its name in that language, else by the name given.
 */
const entry = (e: Partial<PermissionEntry> & Pick<PermissionEntry, 'menu_id' | 'menu_name' | 'menu_slug'>): PermissionEntry => ({
  menu_icon: 'LocalHospital',
  permission_status: 1,
  menus: [],
  ...e,
});

const TREE = [
  entry({
    menu_id: 40,
    menu_name: 'Services',
    menu_slug: 'services',
    menu_name_shipped: 1,
    menus: [
      entry({ menu_id: 41, menu_name: 'Ot List', menu_slug: 'ot/ot-list', menu_name_shipped: 1 }),
      // A resource's permission that is no screen: its resource and action.
      entry({ menu_id: 44, menu_name: 'Ot Create', menu_slug: 'ot/ot-create', menu_name_shipped: 1 }),
      // A module's permission that is no screen: from the catalogue.
      entry({ menu_id: 45, menu_name: 'User Permission', menu_slug: 'permission/permission-create-user', menu_name_shipped: 1 }),
      entry({
        menu_id: 42,
        menu_name: 'Ward rounds',
        menu_slug: 'ward-rounds',
        menu_name_bn: 'ওয়ার্ড পরিদর্শন',
        menu_name_es: 'Rondas de sala',
        menu_name_my: null,
        menu_name_shipped: 0,
      }),
      // Renamed by an administrator: shown as given.
      entry({ menu_id: 43, menu_name: 'Lab tests', menu_slug: 'investigation/investigation-list', menu_name_shipped: 0 }),
    ],
  }),
];

const asUser = (list: readonly PermissionEntry[]): PermissionEntry[] =>
  list.map((e) => ({ ...e, group_permission_status: 1, permission_source: 'group', menus: asUser(e.menus) }));

function renderTree(props: { group: number; user?: number }) {
  return render(
    <AdminContext i18nProvider={createI18nProvider()} store={memoryStore({ locale: 'bn' })}>
      <PermissionTree {...props} label="permissions" />
    </AdminContext>,
  );
}

async function treeLabels(): Promise<string[]> {
  await userEvent.setup().click(await screen.findByRole('button', { name: 'সব খুলুন' }));
  const tree = screen.getByRole('tree', { name: 'permissions' });
  return waitFor(() => {
    const items = within(tree).getAllByRole('treeitem');
    expect(items).toHaveLength(6);
    // The first part of each item's name: the entry's own name (its slug and origin follow).
    return items
      .map((i) => i.getAttribute('aria-labelledby')?.split(' ')[0])
      .map((id) => document.getElementById(id ?? '')?.textContent ?? '');
  });
}

const BENGALI = ['সেবা', 'অপারেশন থিয়েটার', 'অপারেশন থিয়েটার: তৈরি', 'ব্যবহারকারীর অনুমতি', 'ওয়ার্ড পরিদর্শন', 'Lab tests'];

describe('the permission tree in Bengali', () => {
  it('a group’s tree names its menus as the navigation does, and filters by those names', async () => {
    server.use(http.get('*/api/permission/permission-list/', () => ok(TREE)));
    renderTree({ group: 3 });
    expect(await treeLabels()).toEqual(BENGALI);
    expect(screen.getByRole('treeitem', { name: treeItemNamed('অপারেশন থিয়েটার') })).toBeInTheDocument();
    await userEvent.setup().type(screen.getByRole('textbox'), 'থিয়েটার');
    await waitFor(() => expect(screen.getAllByRole('treeitem').map((i) => i.getAttribute('aria-level'))).toEqual(['1', '2', '2']));
  });

  it('a user’s tree too', async () => {
    server.use(http.get('*/api/permission/permission-list-user/', () => ok(asUser(TREE))));
    renderTree({ group: 3, user: 12 });
    expect(await treeLabels()).toEqual(BENGALI);
  });
});
