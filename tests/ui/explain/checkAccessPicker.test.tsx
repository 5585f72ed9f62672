import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { registry } from '../../../resources';
import { EXPLAIN_SLUGS } from '../../../resources/explain';
import { server } from '../../msw/server';
import { ok, path } from '../../msw/contract';
import { renderApp, signIn } from '../render';

const users = registry.get('users');
const people = [
  { user_id: 5, user_name: 'Nurse Nila', username: 'nurse-nila', user_status: 1 },
  { user_id: 6, user_name: 'Clerk Karim', username: 'clerk-karim', user_status: 1 },
];

/**
 * Check access's user picker searches the server as one types. While the next answer is on its
 * way the earlier one stays: an empty list meanwhile said "No options", and drawing the list again
 * took away the option the arrow keys had marked (the keyboard story failed on it under load).
 */
describe('Check access: the user picker', () => {
  it('keeps the options and the marked one while the next search is answered', async () => {
    signIn([EXPLAIN_SLUGS.check, 'users/users-list']);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked: () => void = () => undefined;
    const heldAsked = new Promise<void>((resolve) => (asked = resolve));
    server.use(
      http.get(path(users, 'list'), async ({ request }) => {
        const q = new URL(request.url).searchParams.get('search') ?? '';
        // "Nila" (the search of the whole name) is held until the test lets it through.
        if (q.endsWith('Nila')) {
          asked();
          await held;
        }
        const found = people.filter((p) => p.user_name.toLowerCase().includes(q.toLowerCase()));
        return ok(found, { total: found.length });
      }),
      http.get(path(users, 'get'), () => ok(people[0])),
      http.get('*/api/explain/check-access', () =>
        ok({
          user: { user_id: 5, user_name: 'Nurse Nila', group_id: 2, group_name: 'Nurses', group_status: 1, user_status: 1 },
          items: [],
        }),
      ),
    );
    renderApp('/explain/check-access');
    const box = await screen.findByRole('combobox', { name: /^user/i }, { timeout: 10_000 });
    const user = userEvent.setup();
    // "Nurse" is answered while the rest is typed (as a debounce ends mid-word on a busy machine);
    // the arrow key marks that answer's one option before the search of the whole name is asked.
    await user.type(box, 'Nurse');
    const nurse = () => screen.queryByRole('option', { name: 'Nurse Nila' });
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(1));
    await user.type(box, ' Nila');
    await user.keyboard('{ArrowDown}');
    expect(nurse()).toHaveClass('Mui-focused');
    // The query changed before its request left: what it showed meanwhile is on screen by now.
    await heldAsked;
    expect(screen.queryByText('No options')).toBeNull();
    expect(nurse()).toHaveClass('Mui-focused');
    release();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(box).toHaveValue('Nurse Nila'));
    expect(await screen.findByRole('heading', { name: /Nurse Nila/ })).toBeVisible();
  });
});
