import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { App } from '../../src/App';
import { withFixtureEntities } from '../fixtures/fixture-entities';
import { server } from '../msw/server';
import { allSlugs, listHandlers, ok, path as apiPath } from '../msw/contract';
import { catalogueMenuHandler } from '../msw/menu';
import { entitiesI18nProvider } from './fixture-i18n';
import { signIn } from './render';

/**
 * The console half of "adding an entity is adding a folder": tests/fixtures/entities/instrument/,
 * found by the same discovery as resources/, gets a menu entry (its folder's label and icon, in the
 * navigation the server answers for the catalogue it writes), a list and a generated form, worded
 * from its own labels.<lang>.ts.
 */
const { entities, registry } = await withFixtureEntities();
const instrument = registry.get('instrument');
const i18nProvider = entitiesI18nProvider(entities);

describe('an entity folder added in a test gets screens', () => {
  it('has a menu entry, a list and a generated form worded by its labels', async () => {
    const slugs = allSlugs(instrument);
    signIn(slugs);
    const rows = [
      {
        instrument_id: 1,
        instrument_code: 'HEM-1',
        instrument_name: 'Haematology analyser',
        instrument_kind: 'Analyser',
        instrument_calibrated: '2026-01-15',
        instrument_status: 1,
      },
    ];
    let created: unknown;
    server.use(
      catalogueMenuHandler(slugs, registry),
      ...listHandlers(instrument, rows),
      http.post(apiPath(instrument, 'create'), async ({ request }) => {
        created = await request.json();
        return ok({ ...rows[0], instrument_id: 2, ...(created as object) }, {}, 201);
      }),
    );
    render(
      <MemoryRouter initialEntries={['/instrument']}>
        <App registry={registry} i18nProvider={i18nProvider} />
      </MemoryRouter>,
    );
    const table = await screen.findByRole('table', {}, { timeout: 10_000 });
    expect(await within(table).findByText('Haematology analyser', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(within(table).getByText('Calibrated On')).toBeInTheDocument();
    // The breadcrumb names its menu group from the folder's words; the navigation links to its list.
    expect(screen.getByText('Laboratory')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { name: 'Instruments' }).length).toBeGreaterThan(0);
    // The navigation: the folder's menu label (not the resource's name, nor the catalogue's English
    // "Instrument List"), its icon, under its group's name.
    const entry = await screen.findByRole('menuitem', { name: 'Laboratory instruments' }, { timeout: 10_000 });
    expect(entry).toHaveAttribute('href', '/instrument');
    expect(within(entry).getByTestId('ScienceIcon')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Laboratory' })).toContainElement(entry);

    await userEvent.click(screen.getByRole('link', { name: /new/i }));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 10_000 });
    await userEvent.type(await within(dialog).findByLabelText(/^Code/, {}, { timeout: 10_000 }), 'MIC-2');
    await userEvent.type(within(dialog).getByLabelText(/^Name/), 'Stereo microscope');
    expect(within(dialog).getByLabelText(/^Kind/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: /save/i }));
    await waitFor(() => expect(created).toBeDefined());
    expect(created).toMatchObject({ instrument_code: 'MIC-2', instrument_name: 'Stereo microscope', instrument_kind: 'Analyser' });
  });
});

describe('the fixture entity in the navigation, in Bengali', () => {
  it('shows its menu entry with its Bengali label and its icon', async () => {
    const slugs = allSlugs(instrument);
    signIn(slugs);
    server.use(catalogueMenuHandler(slugs, registry), ...listHandlers(instrument, []));
    render(
      <MemoryRouter initialEntries={['/instrument']}>
        <App registry={registry} i18nProvider={entitiesI18nProvider(entities, 'bn')} />
      </MemoryRouter>,
    );
    const entry = await screen.findByRole('menuitem', { name: 'পরীক্ষাগারের যন্ত্রপাতি' }, { timeout: 10_000 });
    expect(entry).toHaveAttribute('href', '/instrument');
    expect(within(entry).getByTestId('ScienceIcon')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'পরীক্ষাগার' })).toContainElement(entry);
  });
});
