import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { registry } from '../../../resources';
import { server } from '../../msw/server';
import { allSlugs, listHandlers, ok } from '../../msw/contract';
import { renderApp, signIn } from '../render';

const branch = registry.get('branch');
const rows = [
  { branch_id: 11, branch_code: 'DHK-01', branch_name: 'Dhanmondi Main', branch_opening_date: '2015-03-01', branch_status: 1 },
  { branch_id: 12, branch_code: 'SYL-01', branch_name: 'Sylhet Outlet', branch_opening_date: '2022-01-10', branch_status: 1 },
  { branch_id: 13, branch_code: 'CTG-01', branch_name: 'Chittagong Port', branch_opening_date: '2020-05-05', branch_status: 1 },
];

describe('bulk actions on a generated list', () => {
  it('selects rows by their named checkboxes, asks once, sends one request and shows what was refused and why', async () => {
    signIn(allSlugs(branch));
    let sent: unknown;
    server.use(
      ...listHandlers(branch, rows),
      http.post('*/api/branch/branch-bulk', async ({ request }) => {
        sent = await request.json();
        return ok({
          done: 2,
          refused: 1,
          results: [
            { id: 11, ok: true },
            { id: 12, ok: false, status: 409, message: 'The record is referenced by other records' },
            { id: 13, ok: true },
          ],
        });
      }),
    );
    const user = userEvent.setup();
    renderApp('/branch');
    await screen.findByText('Dhanmondi Main');
    // Before any selection, no bulk button is there to reach.
    expect(screen.queryByRole('button', { name: 'Deactivate' })).not.toBeInTheDocument();
    const boxes = await screen.findAllByRole('checkbox', { name: 'Select this row' });
    expect(boxes).toHaveLength(3);
    for (const box of boxes) await user.click(box);
    await user.click(await screen.findByRole('button', { name: 'Deactivate' }));
    const confirm = await screen.findByRole('dialog', { name: 'Deactivate the 3 selected records?' });
    await user.click(within(confirm).getByRole('button', { name: /Yes/ }));

    const answer = await screen.findByRole('dialog', { name: 'What happened' });
    expect(within(answer).getByRole('status')).toHaveTextContent('2 done, 1 refused: The record is referenced by other records');
    expect(answer).toHaveTextContent('Sylhet Outlet: The record is referenced by other records');
    expect(sent).toEqual({ action: 'deactivate', ids: [11, 12, 13] });
    await user.click(within(answer).getByRole('button', { name: 'Close' }));
    // Only the refused row stays selected.
    await waitFor(() => expect(screen.getByText('1 item selected')).toBeInTheDocument());
  });

  it('offers only what the user may do: delete without update, nothing without either', async () => {
    signIn(['branch/branch-list', 'branch/branch-delete']);
    server.use(...listHandlers(branch, rows));
    const user = userEvent.setup();
    const { unmount } = renderApp('/branch');
    await screen.findByText('Dhanmondi Main');
    await user.click((await screen.findAllByRole('checkbox', { name: 'Select this row' }))[0]!);
    expect(await screen.findByText('1 item selected')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Deactivate' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Delete' }).length).toBeGreaterThan(0);
    unmount();

    signIn(['branch/branch-list']);
    renderApp('/branch');
    await screen.findByText('Dhanmondi Main');
    await waitFor(() => expect(screen.queryByRole('checkbox', { name: 'Select this row' })).not.toBeInTheDocument());
  });
});

describe('saved filters and columns, kept on the server', () => {
  it('lists mine and my group’s, applies one, and saves the current filters for my group', async () => {
    signIn(allSlugs(branch));
    const queries: URLSearchParams[] = [];
    let created: unknown;
    server.use(
      http.get('*/api/branch/branch-list/', ({ request }) => (queries.push(new URL(request.url).searchParams), ok(rows, { total: 3 }))),
      http.get('*/api/preferences/saved-filter-list', ({ request }) => {
        expect(new URL(request.url).searchParams.get('resource')).toBe('branch');
        return ok([
          {
            saved_filter_id: 5,
            resource: 'branch',
            name: 'Inactive branches',
            filter: { status: '0' },
            shared: true,
            mine: false,
            author: 'Alice',
            created_at: '',
          },
        ]);
      }),
      http.post('*/api/preferences/saved-filter-create', async ({ request }) => {
        created = await request.json();
        return ok(
          {
            saved_filter_id: 6,
            resource: 'branch',
            name: 'Mine',
            filter: {},
            shared: true,
            mine: true,
            author: 'Test User',
            created_at: '',
          },
          {},
          201,
        );
      }),
    );
    const user = userEvent.setup();
    renderApp('/branch');
    await screen.findByText('Dhanmondi Main');
    await user.click(await screen.findByRole('button', { name: 'Saved filters' }));
    // The menu's code loads when the button is reached for: on a loaded machine that outlasts the default wait.
    const item = await screen.findByRole('button', { name: /Inactive branches/ }, { timeout: 20_000 });
    expect(item).toHaveTextContent('Shared by Alice');
    // Another's filter has no delete button.
    expect(screen.queryByRole('button', { name: /Delete the saved filter/ })).not.toBeInTheDocument();
    await user.click(item);
    await waitFor(() => expect(queries.at(-1)?.get('status')).toBe('0'));

    await user.click(screen.getByRole('button', { name: 'Saved filters' }));
    await user.click(await screen.findByRole('button', { name: 'Save current filters…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save the current filters' });
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Mine');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Share with my group' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(created).toEqual({ resource: 'branch', name: 'Mine', filter: { status: '0' }, shared: true }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the columns as the server keeps them for the user, and sends a change back', async () => {
    signIn(allSlugs(branch));
    const saved: unknown[] = [];
    server.use(
      ...listHandlers(branch, rows),
      http.get('*/api/preferences/list-columns', () => ok([{ resource: 'branch', hidden: ['branch_opening_date'], ranks: null }])),
      http.put('*/api/preferences/list-columns-update', async ({ request }) => (saved.push(await request.json()), ok({}))),
    );
    renderApp('/branch');
    await screen.findByText('Dhanmondi Main');
    const table = screen.getByRole('table');
    await waitFor(() => expect(within(table).queryByText('Opening Date')).not.toBeInTheDocument());
    expect(within(table).getByText('Code')).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: 'Columns' }));
    fireEvent.click(await screen.findByRole('switch', { name: 'Code' }));
    await waitFor(() => expect(within(table).queryByText('Code')).not.toBeInTheDocument());
    await waitFor(() => expect(saved).toEqual([{ resource: 'branch', hidden: ['branch_opening_date', 'branch_code'], ranks: null }]));
  });
});
