import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { ERASURE_SLUG } from '../../../resources/erasure';
import { server } from '../../msw/server';
import { allSlugs } from '../../msw/contract';
import { doctorListHandlers, doctors } from './doctorRow';
import { renderApp, signIn } from '../render';

/** The erasure route, answering `refusal` (a legal hold) or erasing; every call recorded. */
function serve(refusal?: string) {
  const erased: string[] = [];
  server.use(
    ...doctorListHandlers(),
    http.post('*/api/privacy/erase/:resource/:id', ({ params }) => {
      erased.push(`${String(params.resource)}/${String(params.id)}`);
      if (refusal) return HttpResponse.json({ status: 409, message: refusal }, { status: 409 });
      return HttpResponse.json({
        status: 200,
        message: 'Person Erased Successfully',
        data: { resource: 'doctors', id: 4, fields: ['name'], pictures: 0 },
      });
    }),
  );
  return erased;
}

/** Opens the erase dialog of the row's person. */
async function openErase() {
  fireEvent.click(await screen.findByRole('button', { name: 'Erase this person: Dr. Nasrin Akter' }));
  return screen.findByRole('dialog', { name: 'Erase Dr. Nasrin Akter?' });
}

// The whole console renders in happy-dom on a shared two-core machine: these take their time.
describe('erase button', { timeout: 60_000 }, () => {
  it('asks for the person’s name typed before it erases; a wrong name sends nothing', async () => {
    signIn([...allSlugs(doctors), ERASURE_SLUG]);
    const erased = serve();
    renderApp('/doctors');
    const dialog = await openErase();
    expect(within(dialog).getByText(/cannot be undone/)).toBeInTheDocument();
    const confirm = within(dialog).getByRole('button', { name: 'Erase' });
    expect(confirm).toBeDisabled();
    const input = within(dialog).getByRole('textbox', { name: 'Type Dr. Nasrin Akter to confirm' });
    fireEvent.change(input, { target: { value: 'Dr. Nasrin' } });
    expect(confirm).toBeDisabled();
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.change(input, { target: { value: 'Dr. Nasrin Akter' } });
    expect(confirm).toBeEnabled();
    expect(erased).toEqual([]);
    fireEvent.click(confirm);
    await waitFor(() => expect(erased).toEqual(['doctors/4']));
    expect(await screen.findByText('Dr. Nasrin Akter erased')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the server’s refusal in the dialog (a legal hold) and stays open', async () => {
    signIn([...allSlugs(doctors), ERASURE_SLUG]);
    const hold = 'This person is under a legal hold: their data cannot be erased until the hold is lifted (Settings, Legal holds)';
    const erased = serve(hold);
    renderApp('/doctors');
    const dialog = await openErase();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /to confirm/ }), { target: { value: 'Dr. Nasrin Akter' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Erase' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(hold);
    expect(erased).toEqual(['doctors/4']);
    expect(screen.getByRole('dialog', { name: 'Erase Dr. Nasrin Akter?' })).toBeInTheDocument();
  });

  it('is not offered without the permission', async () => {
    signIn(allSlugs(doctors));
    serve();
    renderApp('/doctors');
    expect(await screen.findByText('Dr. Nasrin Akter')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Erase this person/ })).toBeNull();
  });
});
