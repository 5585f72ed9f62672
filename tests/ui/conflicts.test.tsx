import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { registry } from '../../resources';
import { server } from '../msw/server';
import { allSlugs, listHandlers, ok, path } from '../msw/contract';
import { renderApp, signIn } from './render';

const branch = registry.get('branch');
const row = {
  branch_id: 11,
  branch_code: 'DHK-01',
  branch_name: 'Dhanmondi Main',
  branch_phone: '1',
  branch_email: 'a@x.test',
  branch_address: 'Dhaka',
  branch_opening_date: '2015-03-01',
  branch_status: 1,
  updated_at: '2026-01-01T00:00:00.000Z',
};
const theirs = { ...row, branch_name: 'Theirs Name', branch_phone: '9', updated_at: '2026-01-02T00:00:00.000Z' };

describe('the conflict dialog', () => {
  it('saves yours with theirs where chosen, field by field, against their version', async () => {
    signIn(allSlugs(branch));
    const sent: { ifMatch: string | null; body: Record<string, unknown> }[] = [];
    server.use(
      ...listHandlers(branch, [row]),
      http.put(path(branch, 'update'), async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        const ifMatch = request.headers.get('if-match');
        sent.push({ ifMatch, body });
        if (ifMatch === `"${row.updated_at}"`)
          return HttpResponse.json(
            {
              status: 0,
              message: 'This record was changed by someone else after you opened it; review their changes and save again',
              data: {
                record: theirs,
                version: theirs.updated_at,
                changed_by: { user_id: 2, user_name: 'Rina' },
                changed_at: theirs.updated_at,
              },
            },
            { status: 412 },
          );
        return ok({ ...theirs, ...body, updated_at: '2026-01-03T00:00:00.000Z' });
      }),
    );
    renderApp('/branch/11');
    const form = await screen.findByRole('dialog');
    await waitFor(() => expect(within(form).getByLabelText(/^Name/)).toHaveValue('Dhanmondi Main'));
    const user = userEvent.setup();
    await user.clear(within(form).getByLabelText(/^Name/));
    await user.type(within(form).getByLabelText(/^Name/), 'Mine Name');
    await user.clear(within(form).getByLabelText(/^Phone/));
    await user.type(within(form).getByLabelText(/^Phone/), '5');
    await user.click(within(form).getByRole('button', { name: /^save$/i }));

    const conflict = await screen.findByRole('dialog', { name: 'Someone else changed this record' });
    expect(conflict).toHaveTextContent('Rina saved it at');
    const nameRow = conflict.querySelector<HTMLElement>('tr[data-field="branch_name"]')!;
    const phoneRow = conflict.querySelector<HTMLElement>('tr[data-field="branch_phone"]')!;
    // Both changed the field: yours is kept unless you choose theirs; all three values are shown.
    expect(nameRow).toHaveTextContent('Dhanmondi Main');
    expect(nameRow).toHaveTextContent('Theirs Name');
    expect(nameRow).toHaveTextContent('Mine Name');
    await user.click(within(nameRow).getByRole('radio', { name: /Take theirs/ }));
    expect(within(phoneRow).getByRole('radio', { name: /Keep mine/ })).toBeChecked();
    await user.click(within(conflict).getByRole('button', { name: 'Save with these choices' }));

    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[0]!.ifMatch).toBe(`"${row.updated_at}"`);
    expect(sent[1]!.ifMatch).toBe(`"${theirs.updated_at}"`);
    expect(sent[1]!.body).toMatchObject({ branch_name: 'Theirs Name', branch_phone: '5' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
