import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { registry } from '../../../resources';
import { server } from '../../msw/server';
import { allSlugs, listHandlers, ok, path } from '../../msw/contract';
import { renderApp, signIn } from '../render';

const users = registry.get('users');
const created = {
  user_id: 41,
  user_name: 'Nasrin Akter',
  username: 'nasrin',
  user_phone: '',
  user_email: '',
  user_address: '',
  user_picture: '',
  user_status: 1,
  user_branch: { branch_id: 11, branch_code: 'DHK-01', branch_name: 'Dhanmondi Main' },
  user_group: { group_id: 3, group_code: 'PH', group_name: 'Pharmacist' },
  user_designation: { designation_id: 4, designation_code: 'PH', designation_name: 'Pharmacist' },
  user_department: { department_id: 5, department_code: 'EYE', department_name: 'Eye Care' },
};
const tree = [
  {
    menu_id: 90,
    menu_name: 'Branch',
    menu_icon: 'AccountTree',
    menu_slug: 'branch',
    permission_status: 1,
    permission_source: 'group',
    menus: [
      {
        menu_id: 91,
        menu_name: 'Branch List',
        menu_icon: '',
        menu_slug: 'branch/branch-list',
        permission_status: 1,
        permission_source: 'group',
        menus: [],
      },
    ],
  },
];

/** The create call and the permission tree call, as the real server answers them. */
function endpoints() {
  const seen: { create?: Record<string, unknown>; tree?: URLSearchParams } = {};
  server.use(
    http.post(path(users, 'create'), async ({ request }) => {
      const form = await request.formData();
      seen.create = Object.fromEntries([...form.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : v.name]));
      return ok(created, {}, 201);
    }),
    http.get(path(users, 'list'), () => ok([created], { total: 1 })),
    http.get('*/api/permission/permission-list-user/', ({ request }) => {
      seen.tree = new URL(request.url).searchParams;
      return ok(tree, { total: tree.length });
    }),
    ...listHandlers(registry.get('branch'), [{ branch_id: 11, branch_code: 'DHK-01', branch_name: 'Dhanmondi Main', branch_status: 1 }]),
    ...listHandlers(registry.get('group'), [{ group_id: 3, group_code: 'PH', group_name: 'Pharmacist', group_status: 1 }]),
    ...listHandlers(registry.get('designation'), [
      { designation_id: 4, designation_code: 'PH', designation_name: 'Pharmacist', designation_status: 1 },
    ]),
    ...listHandlers(registry.get('department'), [
      { department_id: 5, department_code: 'EYE', department_name: 'Eye Care', department_status: 1 },
    ]),
  );
  return seen;
}

async function fillAndSave() {
  // The create dialog opens once the password inputs' code is here (a chunk of its own).
  const dialog = await screen.findByRole('dialog', {}, { timeout: 10_000 });
  fireEvent.change(within(dialog).getByLabelText(/^Name\s*\*/), { target: { value: 'Nasrin Akter' } });
  fireEvent.change(within(dialog).getByLabelText(/^Username\s*\*/), { target: { value: 'nasrin' } });
  fireEvent.change(within(dialog).getByLabelText(/^Password\s*\*/), { target: { value: 'lantern-river-okra-7' } });
  fireEvent.change(within(dialog).getByLabelText(/^Confirm Password\s*\*/), { target: { value: 'lantern-river-okra-7' } });
  for (const [label, option] of [
    [/^Designation/, 'Pharmacist'],
    [/^Department/, 'Eye Care'],
    [/^Branch/, 'Dhanmondi Main'],
    [/^Group/, 'Pharmacist'],
  ] as const) {
    fireEvent.mouseDown(await within(dialog).findByRole('combobox', { name: label }, { timeout: 10_000 }));
    fireEvent.click(await screen.findByRole('option', { name: option }, { timeout: 10_000 }));
  }
  fireEvent.click(within(dialog).getByRole('button', { name: /save/i }));
}

describe('after a user is saved', { timeout: 90_000 }, () => {
  it('sends the passwords and opens the permission dialog for that user and group', async () => {
    signIn([...allSlugs(users), 'permission/permission-create-user']);
    const seen = endpoints();
    renderApp('/users/create');
    await fillAndSave();
    const dialog = await screen.findByRole('dialog', { name: 'Permissions of Nasrin Akter' }, { timeout: 15_000 });
    expect(seen.create).toMatchObject({
      user_name: 'Nasrin Akter',
      username: 'nasrin',
      password: 'lantern-river-okra-7',
      c_password: 'lantern-river-okra-7',
      user_branch: '11',
      user_group: '3',
      user_designation: '4',
      user_department: '5',
    });
    expect(await within(dialog).findByRole('tree', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(seen.tree?.get('user')).toBe('41');
    expect(seen.tree?.get('group')).toBe('3');
  });

  it('opens no permission dialog for a viewer without permission/permission-create-user', async () => {
    signIn(allSlugs(users));
    const seen = endpoints();
    renderApp('/users/create');
    await fillAndSave();
    await waitFor(
      () => {
        expect(seen.create).toBeDefined();
      },
      { timeout: 15_000 },
    );
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    expect(seen.tree).toBeUndefined();
  });
});
