import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { server } from '../../msw/server';
import { fail, ok } from '../../msw/contract';
import { renderApp, signIn } from '../render';

const deletedUser = {
  audit_id: 88,
  audit_at: '2026-11-21T10:00:00.000Z',
  audit_actor: 1,
  audit_actor_name: 'Rahima Akter',
  audit_actor_branch: 0,
  audit_action: 'delete',
  audit_resource: 'users',
  audit_record: 12,
  audit_branch: 1,
  audit_changes: {},
  audit_snapshot: { user_id: 12, user_name: 'Karim Uddin', username: 'karim', user_phone: '01700000000' },
};

describe('deleted records', () => {
  it('lists who deleted a user and when, asks for a new password on undelete, and shows a refusal under the field', async () => {
    signIn(['users/user-list', 'users/user-create', 'audit/history', 'audit/restore']);
    let sent: unknown;
    server.use(
      http.get('*/api/audit/deleted/users', () => ok([deletedUser], { total: 1 })),
      http.post('*/api/audit/undelete/:entryId', async ({ request, params }) => {
        sent = { entry: params.entryId, body: await request.json() };
        return fail('username "karim" has since been taken by another users record', 422, {
          errors: { username: '"karim" has since been taken by another record' },
        });
      }),
    );
    renderApp('/users/deleted');
    const row = (await screen.findByText('Name: Karim Uddin')).closest('tr');
    expect(row).not.toBeNull();
    expect(row).toHaveTextContent('Rahima Akter');
    expect(row).toHaveTextContent('12');

    await userEvent.click(within(row!).getByRole('button', { name: /Undelete/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Undelete this record?' });
    await userEvent.type(within(dialog).getByLabelText('Password'), 'N3w-secret!');
    await userEvent.type(within(dialog).getByLabelText('Confirm Password'), 'N3w-secret!');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Undelete' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This record could not be undeleted:');
    expect(alert).toHaveTextContent('Username: "karim" has since been taken by another record');
    expect(sent).toEqual({ entry: '88', body: { password: 'N3w-secret!', c_password: 'N3w-secret!' } });
  });
});
