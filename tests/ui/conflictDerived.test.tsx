import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext } from 'react-admin';
import { createI18nProvider } from '../../i18n';
import { registry } from '../../resources';
import { ConflictDialog, type ConflictState } from '../../src/screens/conflict/ConflictDialog';
import { descriptorFields } from '../../src/screens/conflict/fieldValues';

/**
 * A derived field (a medicine's profit: sale minus purchase) is no choice in the conflict dialog:
 * it is worked out from the inputs kept. Offered "Keep mine" beside "Take theirs" for the
 * purchase price, the saved profit was neither side's and wrong.
 */
const medicine = registry.get('medicine');
const base = { medicine_name: 'Napa', medicine_purchase_price: 10, medicine_sales_price: 15, medicine_sales_profit: 5 };
// I raised the sale price; they raised the purchase price meanwhile.
const yours = { ...base, medicine_sales_price: 20, medicine_sales_profit: 10 };
const theirs = { ...base, medicine_purchase_price: 12, medicine_sales_profit: 3 };

describe('the conflict dialog and a derived field', () => {
  it('offers no choice for the profit, shows it worked out from the kept prices and saves that', async () => {
    const resolved: Record<string, unknown>[] = [];
    const state: ConflictState = { mode: 'save', base, yours, theirs };
    render(
      <AdminContext i18nProvider={createI18nProvider()}>
        <ConflictDialog
          state={state}
          fields={descriptorFields('medicine', medicine.fields)}
          onResolve={(merged) => resolved.push(merged)}
          onReload={() => undefined}
          onCancel={() => undefined}
        />
      </AdminContext>,
    );
    const dialog = await screen.findByRole('dialog');
    const profit = dialog.querySelector<HTMLElement>('tr[data-field="medicine_sales_profit"]')!;
    expect(profit).not.toBeNull();
    // No radio: neither "Keep mine" nor "Take theirs".
    expect(within(profit).queryAllByRole('radio')).toHaveLength(0);
    // Mine for the sale price (only I changed it), theirs for the purchase price (only they did): 20 - 12.
    const kept = profit.querySelector<HTMLElement>('[data-derived="true"]')!;
    expect(kept).toHaveTextContent(/^8/);
    expect(kept).toHaveTextContent('Sales Price − Purchase Price');

    // Keeping my purchase price instead follows at once: 20 - 10.
    const purchase = dialog.querySelector<HTMLElement>('tr[data-field="medicine_purchase_price"]')!;
    const user = userEvent.setup();
    await user.click(within(purchase).getByRole('radio', { name: /Keep mine/ }));
    expect(kept).toHaveTextContent(/^10/);
    await user.click(within(purchase).getByRole('radio', { name: /Take theirs/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save with these choices' }));
    expect(resolved).toEqual([
      expect.objectContaining({ medicine_sales_price: 20, medicine_purchase_price: 12, medicine_sales_profit: 8 }),
    ]);
  });
});
