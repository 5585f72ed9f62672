import { screen } from '@testing-library/react';
import { renderApp, signIn } from '../render';

describe('menu setup', () => {
  it('shows the access-denied page with a way to sign out without menu/menu-list', async () => {
    signIn(['branch/branch-list']);
    renderApp('/settings/menu-setup');
    expect(await screen.findByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Menu Setup' })).not.toBeInTheDocument();
  });
});
