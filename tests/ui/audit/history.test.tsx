import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll } from 'vitest';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { registry } from '../../../resources';
import { server } from '../../msw/server';
import { allSlugs, fail, listHandlers, ok } from '../../msw/contract';
import { renderApp, signIn } from '../render';

const medicine = registry.get('medicine');
const category = registry.get('pharmacy-category');

const row = {
  medicine_id: 7,
  medicine_code: 'NAPA-500',
  medicine_name: 'Napa Extra 500 mg tablet',
  medicine_category: 0,
  medicine_purchase_price: 10,
  medicine_sales_price: 12,
  medicine_sales_profit: 2,
  medicine_description: '<p>For <strong>fever</strong></p>',
  medicine_picture: 'uploads/medicine/new.png',
  medicine_status: 1,
};

const entry = (id: number, action: string, changes: Record<string, unknown>) => ({
  audit_id: id,
  audit_at: '2026-11-20T08:30:00.000Z',
  audit_actor: 1,
  audit_actor_name: 'Rahima Akter',
  audit_actor_branch: 0,
  audit_action: action,
  audit_resource: 'medicine',
  audit_record: 7,
  audit_branch: null,
  audit_changes: changes,
  audit_snapshot: { ...row },
});

/** Newest first: the second change (name, price, picture, rich text), then the first (price only). */
const history = [
  entry(42, 'update', {
    medicine_name: { before: 'Napa 500 mg tablet', after: 'Napa Extra 500 mg tablet' },
    medicine_sales_price: { before: 11, after: 12 },
    medicine_category: { before: 1, after: 3 },
    medicine_picture: { before: 'uploads/medicine/old.png', after: 'uploads/medicine/new.png' },
    medicine_description: { before: '<p>For fever</p><script>alert(1)</script>', after: '<p>For <strong>fever</strong></p>' },
  }),
  entry(40, 'update', { medicine_sales_price: { before: 10, after: 11 } }),
];

function serve(slugs: string[]) {
  signIn([...allSlugs(medicine), ...allSlugs(category), ...slugs]);
  server.use(
    ...listHandlers(medicine, [row]),
    ...listHandlers(category, [
      { pharmacy_category_id: 1, pharmacy_category_code: 'ANL', pharmacy_category_name: 'Analgesics', pharmacy_category_status: 1 },
      { pharmacy_category_id: 3, pharmacy_category_code: 'ABX', pharmacy_category_name: 'Antibiotics', pharmacy_category_status: 1 },
    ]),
    http.get('*/api/audit/history/medicine/7', () => ok(history, { total: history.length })),
  );
}

async function openHistory() {
  renderApp('/medicine/7');
  const form = await screen.findByRole('dialog', { name: 'Update Medicine' });
  await userEvent.click(await within(form).findByRole('button', { name: 'History' }));
  // Found by its title, then checked as a dialog of that name: a role query by name over the whole
  // console works out every element's role and styles again on each change while the history
  // renders, which on a busy machine outlasted the wait.
  const title = await screen.findByText('History of Medicine #7');
  const dialog = title.closest<HTMLElement>('[role="dialog"]');
  expect(dialog).toHaveAccessibleName('History of Medicine #7');
  expect(dialog).toBeVisible();
  return dialog!;
}

describe('a record history', () => {
  // The history view and its word-diff library load when History is first clicked; here that first
  // import also transforms their sources, which on a busy machine outlasted the wait for the dialog
  // (tests/setup.ts does the same for the screens every ui test opens).
  beforeAll(() => import('../../../src/modules/audit/RecordHistoryDialog'), 120_000);

  it('shows each version newest first, with old and new values side by side and the changed words marked', async () => {
    serve(['audit/history']);
    const dialog = await openHistory();
    const versions = await within(dialog).findAllByRole('region', { name: /^Version \d+$/ });
    expect(versions.map((v) => v.getAttribute('aria-label'))).toEqual(['Version 42', 'Version 40']);
    expect(within(versions[0]!).getByText(/Rahima Akter/)).toBeInTheDocument();

    const name = within(versions[0]!).getByRole('row', { name: /^Name/ });
    const [before, after] = within(name).getAllByRole('cell');
    expect(before).toHaveTextContent('Napa 500 mg tablet');
    expect(after).toHaveTextContent('Napa Extra 500 mg tablet');
    // Only the added word is marked, in the new value; nothing was removed from the old one.
    expect([...after!.querySelectorAll('ins')].map((e) => e.textContent?.trim())).toEqual(['Extra']);
    expect(before!.querySelectorAll('del, ins')).toHaveLength(0);

    const price = within(versions[1]!).getByRole('row', { name: /Sales Price/ });
    expect(
      within(price)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['10', '11']);

    // A reference by the name of the record it points to.
    const categoryRow = within(versions[0]!).getByRole('row', { name: /Category/ });
    await waitFor(
      () =>
        expect(
          within(categoryRow)
            .getAllByRole('cell')
            .map((c) => c.textContent),
        ).toEqual(['Analgesics', 'Antibiotics']),
      // Checked again when the row changes (or every 50 ms), not on every change to the page.
      { container: categoryRow },
    );

    // Pictures as thumbnails from the API host, rich text rendered (and sanitised), not as markup.
    const picture = within(versions[0]!).getByRole('row', { name: /Picture/ });
    expect(
      within(picture)
        .getAllByRole('img')
        .map((i) => i.getAttribute('src')),
    ).toEqual([expect.stringMatching(/\/uploads\/medicine\/old\.png$/), expect.stringMatching(/\/uploads\/medicine\/new\.png$/)]);
    const description = within(versions[0]!).getByRole('row', { name: /Description/ });
    expect(description).not.toHaveTextContent('<p>');
    expect(description.querySelector('script')).toBeNull();
    expect(within(description).getByText('fever', { selector: 'strong' })).toBeInTheDocument();

    // Without audit/restore there is no restore button.
    expect(within(dialog).queryByRole('button', { name: 'Restore this version' })).not.toBeInTheDocument();
  });

  it('restores with the newest entry id shown, and says so when the record changed since (409)', async () => {
    serve(['audit/history', 'audit/restore']);
    let sent: unknown;
    server.use(
      http.post('*/api/audit/restore/:entryId', async ({ request, params }) => {
        sent = { entry: params.entryId, body: await request.json() };
        return fail('This record has changed since its history was loaded; reload the history and choose the version again', 409);
      }),
    );
    const dialog = await openHistory();
    const versions = await within(dialog).findAllByRole('region', { name: /^Version \d+$/ });
    // The newest version is the record as it is now: nothing to restore there.
    expect(within(versions[0]!).queryByRole('button', { name: 'Restore this version' })).not.toBeInTheDocument();
    await userEvent.click(within(versions[1]!).getByRole('button', { name: 'Restore this version' }));
    const confirm = await screen.findByRole('dialog', { name: 'Restore this version?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Restore this version' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('This record has changed since its history was loaded');
    expect(sent).toEqual({ entry: '40', body: { latest: 42 } });
  });

  it('offers no History without audit/history', async () => {
    serve([]);
    renderApp('/medicine/7');
    const form = await screen.findByRole('dialog', { name: 'Update Medicine' });
    // The record is in the form once its code is. Waited for by value, within the form: a label query
    // asks jsdom for every input's labels (a walk of the whole page each), and a waitFor without a
    // container runs it again on every change to the document, each style emotion adds included;
    // that kept the form from rendering for longer than the wait on a busy machine.
    const code = await within(form).findByDisplayValue('NAPA-500');
    expect(code).toHaveAccessibleName(/Medicine Code/);
    expect(within(form).queryByRole('button', { name: 'History' })).not.toBeInTheDocument();
  });
});
