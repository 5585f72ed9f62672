import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { registry } from '../../../resources';
import { server } from '../../msw/server';
import { allSlugs, listHandlers, ok, path } from '../../msw/contract';
import { renderApp, signIn } from '../render';

/*
 * The console half of field rules (docs/field-and-row-rules.md, "In the console"): the generated
 * screens of any descriptor leave a field hidden from the user out (column, filter, sort, input)
 * and show a read-only one disabled, not sending it. The medicine list and form stand for every
 * descriptor: nothing here is special to them.
 */
const medicine = registry.get('medicine');
const category = registry.get('pharmacy-category');

const rows = [
  {
    medicine_id: 7,
    medicine_picture: '',
    medicine_code: 'NAPA-500',
    medicine_name: 'Napa',
    // A ruled user is never answered a hidden field's value (the clerk's category and prices): none here.
    medicine_sales_price: 15,
    medicine_description: '',
    medicine_status: 1,
  },
];

/** The field rules the server answers the signed-in user, and how often it was asked. */
function answerRules(data: Record<string, { hidden: string[]; readOnly: string[] }>) {
  const asked = { count: 0 };
  server.use(
    http.get('*/api/access/field-rules', () => {
      asked.count++;
      return ok(data);
    }),
  );
  return asked;
}

/** The columns offered for sorting, once the list's sort controls are there (they follow its first rows). */
async function sortLabels(table: HTMLElement): Promise<string[]> {
  await waitFor(() => expect(document.querySelector('.sort-pending')).toBeNull());
  await waitFor(() => expect(table.querySelector('.MuiTableSortLabel-root')).not.toBeNull());
  return [...table.querySelectorAll('.MuiTableSortLabel-root')].map((l) => l.textContent ?? '');
}

/** A multipart body's text parts (a file part is named, not read). */
const textParts = (form: FormData): Record<string, string> =>
  Object.fromEntries([...form.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : `file:${v.name}`]));

const clerkRules = {
  medicine: { hidden: ['medicine_category', 'medicine_purchase_price', 'medicine_sales_profit'], readOnly: ['medicine_code'] },
};

describe('field rules on the generated screens', () => {
  it('a hidden field has no column, no filter and no sort control; the others stay', async () => {
    signIn(allSlugs(medicine));
    const asked = answerRules(clerkRules);
    server.use(...listHandlers(medicine, rows), ...listHandlers(category, []));
    renderApp('/medicine');
    const table = await screen.findByRole('table');
    await within(table).findByText('Napa');
    const headers = () =>
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent ?? '');
    await waitFor(() => expect(headers().join('|')).not.toMatch(/Purchase Price/));
    expect(headers().join('|')).toMatch(/Sales Price/);
    expect(headers().join('|')).not.toMatch(/Category/);
    // Sorting is offered on the columns shown only.
    const sortable = await sortLabels(table);
    expect(sortable.join('|')).toMatch(/Sales Price/);
    expect(sortable.join('|')).not.toMatch(/Purchase Price/);
    // The category filter (declared `filter: true`) is not offered: filtering on it would reveal it.
    await screen.findByRole('combobox', { name: 'Status' });
    expect(screen.queryByRole('combobox', { name: 'Category' })).not.toBeInTheDocument();
    expect(asked.count).toBe(1);
  });

  it('without rules the same list shows every column and filter (the test can fail)', async () => {
    signIn(allSlugs(medicine));
    answerRules({});
    server.use(...listHandlers(medicine, rows), ...listHandlers(category, []));
    renderApp('/medicine');
    const table = await screen.findByRole('table');
    await within(table).findByText('Napa');
    expect((await sortLabels(table)).join('|')).toMatch(/Purchase Price/);
    expect(within(table).getByText('Category')).toBeInTheDocument();
    expect(await screen.findByRole('combobox', { name: 'Category' })).toBeInTheDocument();
  });

  it('the form has no input for a hidden field, a read-only one disabled, and does not send either', async () => {
    signIn(allSlugs(medicine));
    answerRules(clerkRules);
    const sent: Record<string, string>[] = [];
    server.use(
      ...listHandlers(medicine, rows),
      ...listHandlers(category, []),
      http.put(path(medicine, 'update'), async ({ request }) => {
        const body = textParts(await request.formData());
        sent.push(body);
        return ok({ ...rows[0], ...body, medicine_sales_price: Number(body.medicine_sales_price) });
      }),
    );
    renderApp('/medicine/7');
    const dialog = await screen.findByRole('dialog');
    // The record is in.
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: /^Name/ })).toHaveValue('Napa'));
    const sale = within(dialog).getByRole('textbox', { name: 'Sales Price' });
    expect(within(dialog).queryByRole('textbox', { name: 'Purchase Price' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox', { name: 'Sales Profit' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('combobox', { name: 'Category' })).not.toBeInTheDocument();
    const code = within(dialog).getByRole('textbox', { name: /Medicine Code/ });
    expect(code).toBeDisabled();
    expect(code).toHaveValue('NAPA-500');
    expect(within(dialog).getByRole('textbox', { name: /^Name/ })).toBeEnabled();

    fireEvent.change(sale, { target: { value: '18' } });
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ medicine_name: 'Napa', medicine_sales_price: '18' });
    for (const field of ['medicine_code', 'medicine_purchase_price', 'medicine_sales_profit', 'medicine_category'])
      expect(sent[0]).not.toHaveProperty(field);
  });

  it('a new record sends no value for a hidden field, not even its default', async () => {
    signIn(allSlugs(medicine));
    answerRules({ medicine: { hidden: ['medicine_purchase_price', 'medicine_sales_profit'], readOnly: [] } });
    const sent: Record<string, string>[] = [];
    server.use(
      ...listHandlers(medicine, rows),
      ...listHandlers(category, []),
      http.post(path(medicine, 'create'), async ({ request }) => {
        const body = textParts(await request.formData());
        sent.push(body);
        return ok({ ...body, medicine_id: 8 });
      }),
    );
    renderApp('/medicine/create');
    const dialog = await screen.findByRole('dialog');
    const user = userEvent.setup();
    await user.type(await within(dialog).findByRole('textbox', { name: /Medicine Code/ }), 'ACE-1');
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Ace');
    expect(within(dialog).queryByRole('textbox', { name: 'Purchase Price' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ medicine_code: 'ACE-1', medicine_name: 'Ace' });
    expect(sent[0]).not.toHaveProperty('medicine_purchase_price');
    expect(sent[0]).not.toHaveProperty('medicine_sales_profit');
  });

  it('rules that arrive after the user started typing in a new record keep what was typed', async () => {
    signIn(allSlugs(medicine));
    // The rules' answer waits until the user has typed: it changes the form's defaults (the
    // hidden prices lose their 0), which made react-admin's form start again, empty.
    let answer!: () => void;
    const typed = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get('*/api/access/field-rules', async () => {
        await typed;
        return ok({ medicine: { hidden: ['medicine_purchase_price', 'medicine_sales_profit'], readOnly: [] } });
      }),
      ...listHandlers(medicine, rows),
      ...listHandlers(category, []),
    );
    renderApp('/medicine/create');
    const dialog = await screen.findByRole('dialog');
    const user = userEvent.setup();
    await user.type(await within(dialog).findByRole('textbox', { name: /^Name/ }), 'Ace');
    answer();
    await waitFor(() => expect(within(dialog).queryByRole('textbox', { name: 'Purchase Price' })).not.toBeInTheDocument());
    expect(within(dialog).getByRole('textbox', { name: /^Name/ })).toHaveValue('Ace');
  });
});
