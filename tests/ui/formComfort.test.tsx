import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { registry } from '../../resources';
import { server } from '../msw/server';
import { allSlugs, listHandlers, ok, path } from '../msw/contract';
import { renderApp, signIn } from './render';

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
];

/** The branch list's update answering what it was sent; `sent` holds each request body. */
function updates() {
  const sent: Record<string, unknown>[] = [];
  server.use(
    ...listHandlers(branch, rows),
    http.put(path(branch, 'update'), async ({ request, params }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push(body);
      return ok({ ...rows[0], ...body, branch_id: Number(params.id) });
    }),
  );
  return sent;
}

async function openedEdit() {
  renderApp('/branch/11');
  const dialog = await screen.findByRole('dialog');
  await waitFor(() => expect(within(dialog).getByLabelText(/^Name/)).toHaveValue('Dhanmondi Main'));
  return dialog;
}

describe('Ctrl+S in a record dialog', () => {
  beforeEach(() => signIn(allSlugs(branch)));

  it('saves the dialog as its Save button does, instead of the browser saving the page', async () => {
    const sent = updates();
    const user = userEvent.setup();
    const dialog = await openedEdit();
    const name = within(dialog).getByLabelText(/^Name/);
    await user.clear(name);
    await user.type(name, 'Dhanmondi HQ');
    // fireEvent answers false when a listener prevented the default (the browser's save-page).
    expect(fireEvent.keyDown(name, { key: 's', ctrlKey: true })).toBe(false);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ branch_code: 'DHK-01', branch_name: 'Dhanmondi HQ' });
  });

  it('takes Cmd+S on a Mac as well', async () => {
    const sent = updates();
    const dialog = await openedEdit();
    expect(fireEvent.keyDown(dialog, { key: 'S', metaKey: true })).toBe(false);
    await waitFor(() => expect(sent).toHaveLength(1));
  });

  it('checks the form first: an empty required field is marked and nothing is sent', async () => {
    const sent = updates();
    const user = userEvent.setup();
    const dialog = await openedEdit();
    await user.clear(within(dialog).getByLabelText(/^Name/));
    fireEvent.keyDown(dialog, { key: 's', ctrlKey: true });
    expect(await within(dialog).findByText('Required')).toBeInTheDocument();
    expect(sent).toEqual([]);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('leaves other shortcuts alone', async () => {
    updates();
    const dialog = await openedEdit();
    expect(fireEvent.keyDown(dialog, { key: 's', ctrlKey: true, shiftKey: true })).toBe(true);
    expect(fireEvent.keyDown(dialog, { key: 's' })).toBe(true);
  });
});
