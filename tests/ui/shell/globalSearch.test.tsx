import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { registry, type ResourceDescriptor } from '../../../resources';
import { allSlugs, listHandlers, ok, path } from '../../msw/contract';
import { server } from '../../msw/server';
import { renderApp, signIn } from '../render';
import { serveMenu } from './menuData';

configure({ asyncUtilTimeout: 8000 });

const medicine = registry.get('medicine');
const branch = registry.get('branch');
const doctors = registry.get('doctors');
const about = registry.get('about');

const medicines = [
  { medicine_id: 7, medicine_code: 'NAPA-500', medicine_name: 'Napa 500 mg', medicine_category: 1, medicine_status: 1 },
  { medicine_id: 8, medicine_code: 'NAPA-EX', medicine_name: 'Napa Extra', medicine_category: 1, medicine_status: 1 },
  { medicine_id: 9, medicine_code: 'SECLO', medicine_name: 'Seclo 20 mg', medicine_category: 1, medicine_status: 1 },
];
const branches = [{ branch_id: 3, branch_code: 'NR-1', branch_name: 'Napa Road Branch', branch_status: 1 }];
const doctorRows = [{ doctors_id: 4, doctors_name: 'Dr Napa', doctors_status: 1 }];

/** A list endpoint with the server's `search` (on the title field), recording which resources were asked. */
function searchable(d: ResourceDescriptor, rows: Record<string, unknown>[], asked: string[]) {
  return http.get(path(d, 'list'), ({ request }) => {
    const search = new URL(request.url).searchParams.get('search')?.toLowerCase() ?? '';
    asked.push(d.name);
    const found = rows.filter((r) => String(r[d.titleField]).toLowerCase().includes(search));
    return ok(found, { total: found.length });
  });
}

describe('global search', { timeout: 120_000 }, () => {
  it('Ctrl+K searches every listable resource, groups by resource, never shows one the user may not list, and opens a record', async () => {
    signIn([...allSlugs(about), ...allSlugs(medicine), ...allSlugs(branch)]);
    const asked: string[] = [];
    server.use(
      // The opened record is read by id (before the empty lists' own handlers, which answer 404).
      http.get(path(medicine, 'get'), ({ params }) => ok(medicines.find((m) => String(m.medicine_id) === params.id))),
      searchable(medicine, medicines, asked),
      searchable(branch, branches, asked),
      searchable(doctors, doctorRows, asked),
      // The medicines' category, so the opened record's select has its value among its choices.
      ...listHandlers(registry.get('pharmacy-category'), [
        { pharmacy_category_id: 1, pharmacy_category_code: 'TAB', pharmacy_category_name: 'Tablets', pharmacy_category_status: 1 },
      ]),
      ...registry.all.flatMap((d) => listHandlers(d, [])),
    );
    serveMenu();
    localStorage.setItem('recent-records', JSON.stringify([{ resource: 'doctors', id: '4', title: 'Dr Napa' }]));
    const user = userEvent.setup();
    renderApp('/', registry);
    await screen.findByRole('button', { name: 'Search (Ctrl+K)' });
    fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
    const dialog = await screen.findByRole('dialog', { name: 'Search' });
    // Empty query: recent records, but not one of a resource the user may not list.
    expect(within(dialog).queryByText('Dr Napa')).toBeNull();
    const input = within(dialog).getByRole('combobox', { name: 'Search' });
    await user.type(input, 'napa');
    const listbox = within(dialog).getByRole('listbox');
    const medicinesGroup = await within(listbox).findByRole('group', { name: 'Medicines' });
    expect(
      within(medicinesGroup)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Napa 500 mg', 'Napa Extra']);
    expect(within(within(listbox).getByRole('group', { name: 'Branches' })).getByRole('option')).toHaveTextContent('Napa Road Branch');
    expect(within(listbox).queryByText('Dr Napa')).toBeNull();
    expect(asked).not.toContain('doctors');
    expect(within(dialog).getByRole('status')).toHaveTextContent('3 results');
    // Keyboard: the first option is active; arrow down moves to the first medicine, Enter opens it.
    expect(within(listbox).getAllByRole('option')[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', within(medicinesGroup).getAllByRole('option')[0]!.id);
    await user.keyboard('{Enter}');
    const edit = await screen.findByRole('dialog', { name: /update medicine/i });
    await waitFor(() => expect(within(edit).getByDisplayValue('NAPA-500')).toBeInTheDocument());
    // The opened record is now the first recent record.
    fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
    const again = await screen.findByRole('dialog', { name: 'Search' });
    const recent = within(again).getByRole('group', { name: 'Recently opened' });
    expect(
      within(recent)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Napa 500 mg']);
  });
});
