import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { focusManager } from '@tanstack/react-query';
import { registry } from '../../resources';
import { server } from '../msw/server';
import { allSlugs, fail, listHandlers, ok, path } from '../msw/contract';
import { currentPath, renderApp, signIn } from './render';

const branch = registry.get('branch');

const rows = [
  {
    branch_id: 11,
    branch_code: 'DHK-01',
    branch_name: 'Dhanmondi Main',
    branch_phone: '1',
    branch_email: 'a@x.test',
    branch_address: 'Dhaka',
    branch_opening_date: '2015-03-01',
    branch_status: 1,
  },
  {
    branch_id: 12,
    branch_code: 'SYL-01',
    branch_name: 'Sylhet Outlet',
    branch_phone: '2',
    branch_email: 'b@x.test',
    branch_address: 'Sylhet',
    branch_opening_date: '2022-01-10',
    branch_status: 0,
  },
];

describe('generated list (branch)', () => {
  it('shows serials 01, 02, the columns and the status badges', async () => {
    signIn(allSlugs(branch));
    server.use(...listHandlers(branch, rows));
    renderApp('/branch');
    expect(await screen.findByText('Dhanmondi Main')).toBeInTheDocument();
    const table = screen.getByRole('table');
    expect(within(table).getByText('01')).toBeInTheDocument();
    expect(within(table).getByText('02')).toBeInTheDocument();
    expect(within(table).getByText('SYL-01')).toBeInTheDocument();
    expect(within(table).getByText('Active')).toBeInTheDocument();
    expect(within(table).getByText('Inactive')).toBeInTheDocument();
    // Column headers come from the catalogue, not from field names.
    expect(within(table).getByText('Opening Date')).toBeInTheDocument();
    // Full permissions: the New button and the row icons are there.
    expect(screen.getByRole('link', { name: /new/i })).toBeInTheDocument();
    await waitFor(() => expect(within(table).getAllByRole('link', { name: 'Edit' })).toHaveLength(2));
    await waitFor(() => expect(within(table).getAllByRole('button', { name: 'Delete' })).toHaveLength(2));
    expect(within(table).getAllByRole('link', { name: 'Edit' })[0]).toHaveAttribute('href', '/branch/11');
  });

  it('shows "Data Not Found" when the list is empty', async () => {
    signIn(allSlugs(branch));
    server.use(...listHandlers(branch, []));
    renderApp('/branch');
    expect(await screen.findByText('Data Not Found')).toBeInTheDocument();
  });

  it('hides the New button and the row icons without create/update/delete permissions', async () => {
    signIn(['branch/branch-list', 'branch/get-branch']);
    server.use(...listHandlers(branch, rows));
    renderApp('/branch');
    expect(await screen.findByText('Dhanmondi Main')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('link', { name: /new/i })).not.toBeInTheDocument());
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('an alias redirects to the screen', async () => {
    signIn(allSlugs(branch));
    server.use(...listHandlers(branch, rows));
    renderApp('/branch/branch-list');
    expect(await screen.findByText('Dhanmondi Main')).toBeInTheDocument();
    // Without the alias route, /branch/branch-list is the edit dialog of a record "branch-list".
    await waitFor(() => expect(currentPath()).toMatch(/^\/branch(\?|$)/));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('dialogs over the branch list', () => {
  it('edit: /branch/11 loads the record, saves it as JSON and closes back to /branch', async () => {
    signIn(allSlugs(branch));
    let sent: Record<string, unknown> | undefined;
    server.use(
      ...listHandlers(branch, rows),
      http.put(path(branch, 'update'), async ({ request, params }) => {
        sent = (await request.json()) as Record<string, unknown>;
        return ok({ ...rows[0], ...sent, branch_id: Number(params.id) });
      }),
    );
    const user = userEvent.setup();
    renderApp('/branch/11');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Update Branch')).toBeInTheDocument();
    // The form is filled once get-branch answers.
    await waitFor(() => expect(within(screen.getByRole('dialog')).getByLabelText(/^Name/)).toHaveValue('Dhanmondi Main'));
    const name = within(screen.getByRole('dialog')).getByLabelText(/^Name/);
    await user.clear(name);
    // Pasted, not typed: each key would re-render the whole form, and keys are not what is tested.
    await user.paste('Dhanmondi HQ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    // Polls the dialog element (cheap), then checks no dialog is left by role.
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sent).toMatchObject({ branch_code: 'DHK-01', branch_name: 'Dhanmondi HQ', branch_status: 1 });
    expect(sent).not.toHaveProperty('branch_id');
  });

  it('delete asks "Do You Want to Delete?" and calls the delete path on Yes', async () => {
    signIn(allSlugs(branch));
    let deleted = '';
    server.use(
      ...listHandlers(branch, rows),
      http.delete(path(branch, 'delete'), ({ params }) => ((deleted = String(params.id)), ok(null))),
    );
    const user = userEvent.setup();
    renderApp('/branch');
    await screen.findByText('Dhanmondi Main');
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Delete' })).toHaveLength(2));
    await user.click(screen.getAllByRole('button', { name: 'Delete' })[1]!);
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText('Do You Want to Delete?')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: /Yes/ }));
    await waitFor(() => expect(deleted).toBe('12'));
  });

  it('delete: the "deleted" toast shows even when the list reloads without the row before the delete answers', async () => {
    // As a socket push of the delete does on a busy machine: the row (and the question it owns) is
    // gone from the list before the delete's own answer arrives.
    signIn(allSlugs(branch));
    const shown = [...rows];
    server.use(
      ...listHandlers(branch, shown),
      http.delete(path(branch, 'delete'), async ({ params }) => {
        shown.splice(
          shown.findIndex((r) => String(r.branch_id) === params.id),
          1,
        );
        // react-query refetches the open list when the window regains focus.
        focusManager.setFocused(false);
        focusManager.setFocused(true);
        await waitFor(() => expect(screen.queryByText('Sylhet Outlet')).not.toBeInTheDocument(), { timeout: 10_000 });
        return ok(null);
      }),
    );
    const user = userEvent.setup();
    renderApp('/branch');
    await screen.findByText('Sylhet Outlet');
    // The row's buttons are replaced by their tooltip-wrapped selves once the list is ready: click those.
    await waitFor(() => expect(document.querySelector('.sort-pending')).toBeNull(), { timeout: 10_000 });
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Delete' })).toHaveLength(2));
    await user.click(screen.getAllByRole('button', { name: 'Delete' })[1]!);
    const confirm = await screen.findByRole('dialog', {}, { timeout: 10_000 });
    await user.click(within(confirm).getByRole('button', { name: /Yes/ }));
    expect(await screen.findByText('Data Delete Successfully', {}, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('delete: a network failure shows the error block in the question; asked again, the question is fresh', async () => {
    signIn(allSlugs(branch));
    let calls = 0;
    server.use(
      ...listHandlers(branch, rows),
      http.delete(path(branch, 'delete'), () => ((calls += 1), HttpResponse.error())),
    );
    const user = userEvent.setup();
    renderApp('/branch');
    await screen.findByText('Dhanmondi Main');
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Delete' })).toHaveLength(2));
    await user.click(screen.getAllByRole('button', { name: 'Delete' })[0]!);
    let question = await screen.findByRole('dialog');
    await user.click(within(question).getByRole('button', { name: /Yes/ }));
    expect(await within(question).findByText(/could not be reached.*Nothing was deleted/)).toBeInTheDocument();
    expect(calls).toBe(1);
    expect(screen.getByText('Dhanmondi Main')).toBeInTheDocument();
    await user.click(within(question).getByRole('button', { name: /No/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getAllByRole('button', { name: 'Delete' })[0]!);
    question = await screen.findByRole('dialog');
    expect(within(question).getByText('Do You Want to Delete?')).toBeInTheDocument();
    expect(within(question).queryByText(/could not be reached/)).not.toBeInTheDocument();
  });

  it('a failing list shows the error block', async () => {
    signIn(allSlugs(branch));
    server.use(http.get(path(branch, 'list'), () => fail('Database unavailable', 500)));
    renderApp('/branch');
    expect(await screen.findByRole('alert')).toHaveTextContent('Database unavailable');
  });
});

describe('list filters', () => {
  it('the status filter and a reference filter reach the query', async () => {
    const medicine = registry.get('medicine');
    const category = registry.get('pharmacy-category');
    signIn([...allSlugs(medicine), ...allSlugs(category)]);
    const queries: URLSearchParams[] = [];
    server.use(
      http.get(path(medicine, 'list'), ({ request }) => (queries.push(new URL(request.url).searchParams), ok([], { total: 0 }))),
      ...listHandlers(category, [{ pharmacy_category_id: 3, pharmacy_category_name: 'Antibiotics', pharmacy_category_status: 1 }]),
    );
    renderApp('/medicine');
    expect(await screen.findByText('Data Not Found')).toBeInTheDocument();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Status/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Inactive' }));
    await waitFor(() => expect(queries.at(-1)?.get('status')).toBe('0'));
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: /Category/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Antibiotics' }));
    await waitFor(() => expect(queries.at(-1)?.get('medicine_category')).toBe('3'));
    expect(queries.at(-1)?.get('status')).toBe('0');
  });
});
