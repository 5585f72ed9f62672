import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { registry } from '../../../resources';
import { allSlugs, fail, listHandlers, ok, path } from '../../msw/contract';
import { server } from '../../msw/server';
import { renderApp, signIn } from '../render';
import { serveMenu } from './menuData';

configure({ asyncUtilTimeout: 8000 });

const branch = registry.get('branch');
const row = {
  branch_id: 11,
  branch_code: 'DHK-01',
  branch_name: 'Dhanmondi Main',
  branch_phone: '1',
  branch_email: 'a@x.test',
  branch_address: 'Dhaka',
  branch_opening_date: '2022-01-10',
  branch_status: 1,
};

function serveBranch() {
  signIn(allSlugs(branch));
  serveMenu();
  server.use(...listHandlers(branch, [row]));
}

describe("the spec's conventions on the generated screens", { timeout: 120_000 }, () => {
  it("a 409 shows the server's message in the toast, not a generic one, and marks the field", async () => {
    serveBranch();
    server.use(
      http.put(path(branch, 'update'), () =>
        fail('Branch Code Already Exists', 409, { errors: { branch_code: 'Branch Code Already Exists' } }),
      ),
    );
    const user = userEvent.setup();
    renderApp('/branch/11');
    const dialog = await screen.findByRole('dialog', { name: /update branch/i });
    await waitFor(() => expect(within(dialog).getByDisplayValue('DHK-01')).toBeInTheDocument());
    await user.click(within(dialog).getByRole('button', { name: /save/i }));
    // The field carries the message and the toast says it too.
    await waitFor(() => expect(screen.getAllByText('Branch Code Already Exists')).toHaveLength(2));
    expect(dialog.querySelector('input[name="branch_code"]')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText(/the form is not valid/i)).toBeNull();
    expect(screen.getByRole('dialog', { name: /update branch/i })).toBeInTheDocument();
  });

  it('a save that fails on the network shows an error block in place of the form body; Try again brings the form back', async () => {
    serveBranch();
    server.use(http.put(path(branch, 'update'), () => HttpResponse.error()));
    const user = userEvent.setup();
    renderApp('/branch/11');
    const dialog = await screen.findByRole('dialog', { name: /update branch/i });
    const name = await within(dialog).findByDisplayValue('Dhanmondi Main');
    await user.clear(name);
    // Pasted, not typed: each key would re-render the whole form, and keys are not what is tested.
    await user.paste('Dhanmondi New');
    await user.click(within(dialog).getByRole('button', { name: /save/i }));
    expect(await within(dialog).findByText(/the server could not be reached/i)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /save/i })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(within(dialog).getByDisplayValue('Dhanmondi New')).toBeVisible();
  });

  it('a record that cannot be loaded keeps the form open and blank, and says why', async () => {
    serveBranch();
    server.use(http.get(path(branch, 'get'), () => fail('Data Not Found', 404)));
    renderApp('/branch/9999');
    const dialog = await screen.findByRole('dialog', { name: /update branch/i });
    expect(
      await within(dialog).findByText(/this record could not be loaded \(Data Not Found\), so the form is blank/i),
    ).toBeInTheDocument();
    expect(dialog.querySelector('input[name="branch_code"]')).toHaveValue('');
    expect(screen.queryByText(/element does not exist/i)).toBeNull();
  });

  it('list dates read day/month/year with two digits, and the delete question carries a warning', async () => {
    serveBranch();
    const user = userEvent.setup();
    renderApp('/branch');
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('10/01/2022')).toBeInTheDocument();
    await user.click(await within(table).findByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText('Do You Want to Delete?')).toBeInTheDocument();
    expect(
      within(confirm).getByText("This record will be deleted. It can be put back later from the list's Deleted button."),
    ).toBeInTheDocument();
  });

  it('after sign-in the console lands on the page the user was sent away from', async () => {
    const user = { user_id: 1, user_name: 'Test User', username: 'test', user_picture: '', permissions: allSlugs(branch) };
    server.use(
      http.post('*/api/users/user-login/', () => ok({ ...user, token: 'T' })),
      http.get('*/api/users/get-auth-user', () => ok(user)),
      ...listHandlers(branch, [row]),
    );
    serveMenu();
    const u = userEvent.setup();
    renderApp('/branch');
    // Signed out: sent to the sign-in page, remembering where from.
    await u.type(await screen.findByLabelText(/Username/, {}, { timeout: 20_000 }), 'test');
    await u.type(screen.getByLabelText(/^Password/), 'secret');
    await u.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Dhanmondi Main')).toBeInTheDocument();
  });
});
