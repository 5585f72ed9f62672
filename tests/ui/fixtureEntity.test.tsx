import path from 'node:path';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { TranslationMessages } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { App } from '../../src/App';
import { en } from '../../i18n';
import { mergeMessages, type Messages } from '../../i18n/merge';
import { createRegistry } from '../../resources';
import { RESOURCES, entityMessages, loadEntities } from '../../scripts/entities';
import { server } from '../msw/server';
import { allSlugs, listHandlers, ok, path as apiPath } from '../msw/contract';
import { menuHandler } from '../msw/menu';
import { signIn } from './render';

/**
 * The console half of "adding an entity is adding a folder": tests/fixtures/entities/instrument/,
 * found by the same discovery as resources/, gets a menu entry, a list and a generated form, worded
 * from its own labels.en.ts.
 */
const entities = await loadEntities([RESOURCES, path.resolve(import.meta.dirname, '../fixtures/entities')]);
const registry = createRegistry(entities.map((e) => e.descriptor));
const instrument = registry.get('instrument');
// A nested catalogue of strings, which is what react-admin's TranslationMessages are.
const messages = mergeMessages(
  en as unknown as Messages,
  entityMessages(entities, 'en') as unknown as Messages,
) as unknown as TranslationMessages;
const i18nProvider = polyglotI18nProvider(() => messages, 'en', [{ locale: 'en', name: 'English' }], { allowMissing: true });

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
      menuHandler(slugs, registry),
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
    // The navigation comes with the user's menu (the mock names an entry by its resource).
    const entry = await screen.findByRole('menuitem', { name: 'instrument' }, { timeout: 10_000 });
    expect(entry).toHaveAttribute('href', '/instrument');

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
