import { useEffect } from 'react';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { NotificationContextProvider, useNotify } from 'react-admin';
import { AppNotification } from '../../../src/layout/AppNotification';

/** What the console sees when a session ends under it: every open request refused, then the answer the user waits for. */
function Burst() {
  const notify = useNotify();
  useEffect(() => {
    for (let i = 0; i < 6; i++) notify('Please login to continue', { type: 'error' });
    notify('Invalid username or password', { type: 'error' });
  }, [notify]);
  return null;
}

describe('toasts', () => {
  it('show a burst of the same message once, so the next message is not hidden behind the copies', async () => {
    let copiesShown = 0;
    const observer = new MutationObserver((changes) => {
      for (const change of changes)
        for (const node of change.addedNodes)
          if (node instanceof HTMLElement && node.textContent === 'Please login to continue') copiesShown++;
    });
    observer.observe(document.body, { childList: true, subtree: true });
    render(
      <MemoryRouter initialEntries={['/login']}>
        <NotificationContextProvider>
          <Burst />
          <AppNotification />
        </NotificationContextProvider>
      </MemoryRouter>,
    );
    // Waiting is bounded by the queue, not measured: six copies at one second each would take longer.
    expect(await screen.findByText('Invalid username or password', {}, { timeout: 5000 })).toBeInTheDocument();
    observer.disconnect();
    expect(copiesShown).toBe(1);
  });
});
