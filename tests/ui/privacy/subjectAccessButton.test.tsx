import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { PRIVACY_SLUGS } from '../../../resources/privacy';
import { server } from '../../msw/server';
import { allSlugs } from '../../msw/contract';
import { doctorListHandlers, doctors } from './doctorRow';
import { renderApp, signIn } from '../render';

function serve() {
  const asked: string[] = [];
  server.use(
    ...doctorListHandlers(),
    http.get('*/api/privacy/subject-access/:resource/:id', ({ params }) => {
      asked.push(`${String(params.resource)}/${String(params.id)}`);
      return HttpResponse.json(
        { status: 404, message: 'No doctors record 4 in your reach: it does not exist, or belongs to another branch' },
        { status: 404 },
      );
    }),
  );
  return asked;
}

// The whole console renders in happy-dom on a shared two-core machine: these take their time.
describe('subject access button', { timeout: 60_000 }, () => {
  it('shows on a person’s row to a holder of the permission, asks for their export, and says a refusal as the server does', async () => {
    signIn([...allSlugs(doctors), PRIVACY_SLUGS.subjectAccess]);
    const asked = serve();
    renderApp('/doctors');
    const button = await screen.findByRole('button', { name: 'Export their data (subject access): Dr. Nasrin Akter' });
    fireEvent.click(button);
    await waitFor(() => expect(asked).toEqual(['doctors/4']));
    expect(await screen.findByText(/belongs to another branch/)).toBeInTheDocument();
  });

  it('is not offered without the permission', async () => {
    signIn(allSlugs(doctors));
    serve();
    renderApp('/doctors');
    expect(await screen.findByText('Dr. Nasrin Akter')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Export their data/ })).toBeNull();
  });
});
