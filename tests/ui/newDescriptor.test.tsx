import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { server } from '../msw/server';
import { allSlugs, listHandlers, ok, path } from '../msw/contract';
import { catalogueMenuHandler } from '../msw/menu';
import { withFixtureEntities } from '../fixtures/fixture-entities';
import { entitiesI18nProvider } from './fixture-i18n';
import { renderApp, signIn } from './render';

/**
 * The console half of "adding an entity is one folder": the test-only folder
 * tests/fixtures/entities/equipment/ (also used by the API test), found by the same discovery as
 * resources/, gets a menu entry with its icon, a list screen, a generated form with its choice,
 * conditional and row inputs, and a create call on the contract path, worded from its labels.en.ts.
 */
const { entities, registry } = await withFixtureEntities();
const equipment = registry.get('equipment');
const departments = registry.get('department');

describe('a descriptor defined only in a test gets screens', () => {
  it('lists, and creates through a generated form', async () => {
    signIn([...allSlugs(equipment), ...allSlugs(departments)]);
    const rows = [
      {
        equipment_id: 1,
        equipment_code: 'ECG-1',
        equipment_name: 'ECG machine',
        equipment_kind: 'Device',
        equipment_voltage: 220,
        equipment_department: null,
        department: { department_id: 0, department_name: '' },
        equipment_bought: '2026-01-02',
        equipment_parts: '[]',
        equipment_status: 1,
      },
    ];
    let created: Record<string, unknown> | undefined;
    server.use(
      catalogueMenuHandler(allSlugs(equipment), registry),
      ...listHandlers(equipment, rows),
      ...listHandlers(departments, [{ department_id: 3, department_code: 'CARD', department_name: 'Cardiology', department_status: 1 }]),
      http.post(path(equipment, 'create'), async ({ request }) => {
        const form = await request.formData();
        created = Object.fromEntries([...form.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : `uploads/equipment/${v.name}`]));
        return ok({ ...rows[0], equipment_id: 2, ...created }, {}, 201);
      }),
    );
    renderApp('/equipment', registry, entitiesI18nProvider(entities));
    const table = await screen.findByRole('table');
    // Its menu entry: its folder's label and icon.
    const entry = await screen.findByRole('menuitem', { name: 'Equipment register' });
    expect(entry).toHaveAttribute('href', '/equipment');
    expect(within(entry).getByTestId('CategoryIcon')).toBeInTheDocument();
    expect(await within(table).findByText('ECG machine')).toBeInTheDocument();
    expect(within(table).getByText('01')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: /new/i }));
    const dialog = await screen.findByRole('dialog');
    // The form's inputs load on demand with the first dialog.
    await userEvent.type(await within(dialog).findByLabelText(/equipment_code|code/i), 'XR-2');
    await userEvent.type(within(dialog).getByLabelText(/equipment_name|name/i), 'X-ray');
    // Conditional input: voltage shows for Device (the default) only.
    expect(within(dialog).getByLabelText(/voltage/i)).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/voltage/i), '110');
    await userEvent.click(within(dialog).getByRole('button', { name: /save/i }));
    await waitFor(() => expect(created).toBeDefined());
    expect(created).toMatchObject({
      equipment_code: 'XR-2',
      equipment_name: 'X-ray',
      equipment_kind: 'Device',
      equipment_voltage: '110',
      equipment_status: '1',
    });
  });
});
