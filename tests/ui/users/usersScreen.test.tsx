import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { vi } from 'vitest';
import { registry } from '../../../resources';
import { server } from '../../msw/server';
import { allSlugs, listHandlers, ok, path } from '../../msw/contract';
import { renderApp, signIn } from '../render';
import { treeItemNamed } from '../access/treeItem';

const users = registry.get('users');
const branch = registry.get('branch');
const group = registry.get('group');
const designation = registry.get('designation');
const department = registry.get('department');

const branches = [
  { branch_id: 11, branch_code: 'DHK-01', branch_name: 'Dhanmondi Main', branch_status: 1 },
  { branch_id: 12, branch_code: 'CTG-01', branch_name: 'Chattogram Eye Care', branch_status: 1 },
];
const rows = [
  {
    user_id: 7,
    user_name: 'Rahima Begum',
    username: 'rahima',
    user_phone: '+880 1711 000000',
    user_email: '',
    user_address: '',
    user_picture: '',
    user_status: 1,
    user_branch: { branch_id: 11, branch_code: 'DHK-01', branch_name: 'Dhanmondi Main' },
    user_group: { group_id: 3, group_code: 'BM', group_name: 'Branch Manager' },
    user_designation: { designation_id: 4, designation_code: 'SN', designation_name: 'Senior Nurse' },
    user_department: { department_id: 5, department_code: 'EYE', department_name: 'Eye Care' },
  },
];

/** The users list endpoint, recording each query it answers. */
function usersEndpoint() {
  const calls: URLSearchParams[] = [];
  server.use(
    http.get(path(users, 'list'), ({ request }) => {
      const q = new URL(request.url).searchParams;
      calls.push(q);
      const wanted = q.get('user_branch');
      const data = rows.filter((r) => wanted === 'all' || String(r.user_branch.branch_id) === wanted);
      return ok(data, { total: data.length });
    }),
    ...listHandlers(branch, branches),
    ...listHandlers(group, [{ group_id: 3, group_code: 'BM', group_name: 'Branch Manager', group_status: 1 }]),
    ...listHandlers(designation, [{ designation_id: 4, designation_code: 'SN', designation_name: 'Senior Nurse', designation_status: 1 }]),
    ...listHandlers(department, [{ department_id: 5, department_code: 'EYE', department_name: 'Eye Care', department_status: 1 }]),
  );
  return calls;
}

/** Signs in as a user of the given branch (0: every branch). */
function signInAt(branchId: number, slugs = allSlugs(users)) {
  signIn(slugs);
  const user = {
    ...(JSON.parse(localStorage.getItem('user') ?? '{}') as Record<string, unknown>),
    user_branch: branches.find((b) => b.branch_id === branchId) ?? { branch_id: branchId, branch_code: '', branch_name: '' },
  };
  localStorage.setItem('user', JSON.stringify(user));
  // The session check stores what the server answers, so it answers the same branch.
  server.use(http.get('*/api/users/get-auth-user', () => ok({ ...user, permissions: slugs })));
}

// The whole console renders in jsdom on a shared two-core machine: these take their time.
describe('users screen', { timeout: 60_000 }, () => {
  it('for a branch-0 user: no branch chosen, the toast "Select Branch" and no call; "All branches" then lists', async () => {
    signInAt(0);
    const calls = usersEndpoint();
    renderApp('/users');
    expect(await screen.findAllByText('Select Branch')).not.toHaveLength(0);
    // Let the branch choices load: the list still makes no call.
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: /branch/i }));
    // The branch choices have arrived (an option shows): the list has still made no call.
    const all = await screen.findByRole('option', { name: 'All branches' });
    expect(calls).toHaveLength(0);
    fireEvent.click(all);
    const table = await screen.findByRole('table', {}, { timeout: 10_000 });
    expect(await within(table).findByText('Rahima Begum')).toBeInTheDocument();
    expect(calls.at(-1)?.get('user_branch')).toBe('all');
    for (const text of ['rahima', 'Dhanmondi Main', 'Branch Manager', 'Senior Nurse', 'Eye Care', '+880 1711 000000', 'Active'])
      expect(within(table).getByText(text)).toBeInTheDocument();
  });

  it('for a branch-scoped user: their own branch is chosen and listed at once, and only it is offered', async () => {
    signInAt(11);
    const calls = usersEndpoint();
    // The branches are held back: the filter names the user's own branch from the session meanwhile.
    let releaseBranches: () => void = () => undefined;
    const branchesHeld = new Promise<void>((resolve) => (releaseBranches = resolve));
    server.use(
      http.get(path(branch, 'list'), async () => {
        await branchesHeld;
        return ok(branches, { total: branches.length });
      }),
    );
    renderApp('/users/user-list');
    expect(await screen.findByText('Rahima Begum', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(calls[0]?.get('user_branch')).toBe('11');
    expect(screen.getByRole('combobox', { name: /branch/i })).toHaveTextContent('Dhanmondi Main');
    releaseBranches();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /branch/i }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).not.toContain('All branches');
    expect(options).not.toContain('Chattogram Eye Care');
  });

  it("hides edit and delete on the row of a user who holds more than the viewer; that user's permissions open read-only", async () => {
    signInAt(11, [...allSlugs(users), 'permission/permission-create-user']);
    const chief = { ...rows[0]!, user_id: 8, user_name: 'Chief Admin', username: 'chief' };
    const asked: string[] = [];
    const saves: unknown[] = [];
    usersEndpoint();
    server.use(
      http.get(path(users, 'list'), () => ok([chief, rows[0]], { total: 2 })),
      http.get('*/api/users/manageable', ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('ids') ?? '');
        return ok([7], { total: 1 });
      }),
      http.get('*/api/permission/permission-list-user/', () =>
        ok(
          [
            {
              menu_id: 91,
              menu_name: 'Branch List',
              menu_icon: '',
              menu_slug: 'branch/branch-list',
              permission_status: 1,
              permission_source: 'granted',
              menus: [],
            },
          ],
          { total: 1 },
        ),
      ),
      http.post('*/api/permission/permission-create-user', async ({ request }) => {
        saves.push(await request.json());
        return ok([]);
      }),
    );
    renderApp('/users/user-list');
    const rahimaRow = (await screen.findByText('Rahima Begum', {}, { timeout: 10_000 })).closest('tr')!;
    const chiefRow = screen.getByText('Chief Admin').closest('tr')!;
    expect(await within(rahimaRow).findByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(within(rahimaRow).getByRole('link', { name: 'Edit' })).toBeInTheDocument();
    expect(asked).toEqual(['8,7']);
    expect(within(chiefRow).queryByRole('link', { name: 'Edit' })).toBeNull();
    expect(within(chiefRow).queryByRole('button', { name: 'Delete' })).toBeNull();

    fireEvent.click(await within(chiefRow).findByRole('button', { name: 'Permissions: Chief Admin' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Permissions of Chief Admin' });
    expect(
      within(dialog).getByText('Chief Admin holds permissions you do not, so you can see them here but not change them.'),
    ).toBeInTheDocument();
    const item = await within(dialog).findByRole('treeitem', { name: treeItemNamed('Branch List') }, { timeout: 10_000 });
    fireEvent.click(within(item).getByText('Branch List'));
    expect(item).toHaveAttribute('aria-checked', 'true');
    expect(within(dialog).queryByRole('button', { name: /Reset to group/i })).toBeNull();
    // A save would be sent on the click itself; once the dialog has closed, none was.
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Permissions of Chief Admin' })).toBeNull());
    expect(saves).toEqual([]);
  });

  it('/users/create opens the create dialog with the required markers and hidden passwords', async () => {
    signInAt(0);
    usersEndpoint();
    renderApp('/users/create');
    // The create dialog opens once the password inputs' code is here (a chunk of its own).
    const dialog = await screen.findByRole('dialog', {}, { timeout: 10_000 });
    for (const label of ['Name', 'Username', 'Password', 'Confirm Password', 'Designation', 'Department', 'Branch', 'Group']) {
      const input = within(dialog).getByLabelText(new RegExp(`^${label}\\s*\\*`));
      expect(input).toBeInTheDocument();
    }
    expect(within(dialog).getByLabelText(/^Phone/)).toBeInTheDocument();
    expect(within(dialog).queryByLabelText(/^Phone\s*\*/)).toBeNull();
    const password = within(dialog).getByLabelText(/^Password\s*\*/);
    expect(password).toHaveAttribute('type', 'password');
    fireEvent.change(password, { target: { value: 'correct-horse-battery' } });
    expect(await within(dialog).findByTestId('password-strength')).toHaveTextContent(/Strength: (Good|Strong)/);
    // The show/hide toggle reveals it.
    fireEvent.click(within(dialog).getAllByRole('button', { name: /show|toggle|password/i })[0]!);
    expect(password).toHaveAttribute('type', 'text');
  });

  it('the edit dialog of a user who holds more than the viewer opens without Save, saying why', async () => {
    signInAt(0);
    usersEndpoint();
    server.use(
      http.get(path(users, 'get'), () => ok(rows[0])),
      http.get('*/api/users/manageable', () => ok([], { total: 0 })),
    );
    renderApp('/users/7');
    const dialog = await screen.findByRole('dialog');
    expect(
      await within(dialog).findByText('You can see this record but not change it: it is beyond your permissions.', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    await waitFor(() => {
      expect(within(dialog).getByLabelText(/^Name/)).toHaveValue('Rahima Begum');
    });
    expect(within(dialog).queryByRole('button', { name: /save/i })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
  });

  it('the edit dialog has no password inputs and reads the nested objects as ids', async () => {
    signInAt(0);
    usersEndpoint();
    server.use(http.get(path(users, 'get'), () => ok(rows[0])));
    renderApp('/users/7');
    const dialog = await screen.findByRole('dialog');
    await waitFor(
      () => {
        expect(within(dialog).getByLabelText(/^Name/)).toHaveValue('Rahima Begum');
      },
      { timeout: 10_000 },
    );
    expect(within(dialog).queryByLabelText(/^Password/)).toBeNull();
    await waitFor(
      () => {
        expect(within(dialog).getByRole('combobox', { name: /^Designation/ })).toHaveTextContent('Senior Nurse');
      },
      { timeout: 10_000 },
    );
    expect(within(dialog).getByRole('combobox', { name: /^Group/ })).toHaveTextContent('Branch Manager');
  });
  it("a user with branch, designation and department 0: 'All branches', two empty required selects, no record 0 asked for", async () => {
    signInAt(0);
    usersEndpoint();
    const asked: string[] = [];
    server.events.on('request:start', ({ request }) => {
      const ids = new URL(request.url).searchParams.get('ids');
      if (ids !== null) asked.push(ids);
    });
    const none = { branch_id: 0, branch_code: '', branch_name: '' };
    const admin = {
      ...rows[0]!,
      user_id: 1,
      user_name: 'Super Admin',
      user_branch: none,
      user_designation: { designation_id: 0, designation_code: '', designation_name: '' },
      user_department: { department_id: 0, department_code: '', department_name: '' },
    };
    server.use(http.get(path(users, 'get'), () => ok(admin)));
    const warn = vi.spyOn(console, 'warn');
    try {
      renderApp('/users/1');
      const dialog = await screen.findByRole('dialog');
      await waitFor(() => expect(within(dialog).getByLabelText(/^Name/)).toHaveValue('Super Admin'), { timeout: 10_000 });
      await waitFor(() => expect(within(dialog).getByRole('combobox', { name: /^Group/ })).toHaveTextContent('Branch Manager'), {
        timeout: 10_000,
      });
      // Spec 000: a user's branch 0 means every branch, a choice of its own; designation 0 is none chosen.
      expect(within(dialog).getByRole('combobox', { name: /^Branch/ })).toHaveTextContent('All branches');
      expect(within(dialog).getByRole('combobox', { name: /^Designation/ })).not.toHaveTextContent(/\w/);
      expect(within(dialog).getByRole('combobox', { name: /^Department/ })).not.toHaveTextContent(/\w/);
      expect(asked.filter((ids) => ids.split(',').includes('0'))).toEqual([]);
      expect(warn.mock.calls.map(String).filter((m) => m.includes('out-of-range'))).toEqual([]);
      // Saving asks for a designation and a department in the form, before any request.
      let updates = 0;
      server.use(http.put(path(users, 'update'), () => ((updates += 1), ok(admin))));
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(within(dialog).getAllByText('Required')).toHaveLength(2));
      expect(updates).toBe(0);
    } finally {
      warn.mockRestore();
      server.events.removeAllListeners('request:start');
    }
  });

  it("for a branch-scoped user, the form offers only their own branch: chosen on create, no 'All branches'", async () => {
    signInAt(11);
    usersEndpoint();
    renderApp('/users/create');
    const dialog = await screen.findByRole('dialog');
    const branchSelect = () => within(dialog).getByRole('combobox', { name: /^Branch/ });
    // Nothing left to choose: the one branch the server allows is already chosen.
    await waitFor(() => expect(branchSelect()).toHaveTextContent('Dhanmondi Main'), { timeout: 10_000 });
    fireEvent.mouseDown(branchSelect());
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['Dhanmondi Main']);
  });

  it('the group select offers only the groups the server says the viewer may give', async () => {
    signInAt(11);
    usersEndpoint();
    server.use(
      ...listHandlers(group, [
        { group_id: 1, group_code: 'SA', group_name: 'Super Admin', group_status: 1 },
        { group_id: 3, group_code: 'BM', group_name: 'Branch Manager', group_status: 1 },
      ]),
      http.get('*/api/users/assignable-groups', () => ok([3], { total: 1 })),
    );
    renderApp('/users/create');
    const dialog = await screen.findByRole('dialog');
    const groupSelect = await within(dialog).findByRole('combobox', { name: /^Group/ }, { timeout: 10_000 });
    fireEvent.mouseDown(groupSelect);
    await waitFor(async () => expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Branch Manager']));
  });

  it("a branch-0 user's form offers 'All branches' and every active branch, none chosen on create", async () => {
    signInAt(0);
    usersEndpoint();
    renderApp('/users/create');
    const dialog = await screen.findByRole('dialog');
    const branchSelect = await within(dialog).findByRole('combobox', { name: /^Branch/ }, { timeout: 10_000 });
    expect(branchSelect).not.toHaveTextContent(/\w/);
    fireEvent.mouseDown(branchSelect);
    await waitFor(async () =>
      expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(
        expect.arrayContaining(['All branches', 'Dhanmondi Main', 'Chattogram Eye Care']),
      ),
    );
  });
});
