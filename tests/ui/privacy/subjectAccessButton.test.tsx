import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { registry } from '../../../resources';
import { PRIVACY_SLUGS } from '../../../resources/privacy';
import { server } from '../../msw/server';
import { allSlugs, listHandlers } from '../../msw/contract';
import { renderApp, signIn } from '../render';

const doctors = registry.get('doctors');
const department = registry.get('department');
const rows = [
  {
    id: 4,
    name: 'Dr. Nasrin Akter',
    title: 'Eye surgeon',
    doctor_department: 1,
    department: { id: 1, department_name: 'Eye Care' },
    status: 1,
  },
];

function serve() {
  const asked: string[] = [];
  server.use(
    ...listHandlers(doctors, rows),
    ...listHandlers(department, [{ department_id: 1, department_code: 'EYE', department_name: 'Eye Care', department_status: 1 }]),
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
