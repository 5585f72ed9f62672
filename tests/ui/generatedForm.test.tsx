import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { registry } from '../../resources';
import { server } from '../msw/server';
import { allSlugs, listHandlers } from '../msw/contract';
import { renderApp, signIn } from './render';

const medicine = registry.get('medicine');
const category = registry.get('pharmacy-category');
const doctors = registry.get('doctors');
const department = registry.get('department');

const categories = [
  { pharmacy_category_id: 1, pharmacy_category_code: 'ANL', pharmacy_category_name: 'Analgesics', pharmacy_category_status: 1 },
  { pharmacy_category_id: 2, pharmacy_category_code: 'OLD', pharmacy_category_name: 'Retired Category', pharmacy_category_status: 0 },
  { pharmacy_category_id: 3, pharmacy_category_code: 'ABX', pharmacy_category_name: 'Antibiotics', pharmacy_category_status: 1 },
];

/** Opens the medicine create dialog and its category select; answers the choices' listbox. */
async function openCategoryChoices() {
  renderApp('/medicine/create');
  const dialog = await screen.findByRole('dialog');
  const select = await within(dialog).findByRole('combobox', { name: /Category/ });
  await waitFor(() => expect(select).not.toHaveAttribute('aria-disabled', 'true'));
  fireEvent.mouseDown(select);
  return screen.findByRole('listbox');
}

describe('generated form (medicine)', () => {
  beforeEach(() => {
    signIn([...allSlugs(medicine), ...allSlugs(category)]);
    server.use(...listHandlers(medicine, []), ...listHandlers(category, categories));
  });

  it('opens the create dialog from the URL with required markers and defaults', async () => {
    renderApp('/medicine/create');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('New Medicine')).toBeInTheDocument();
    // react-admin marks required inputs with an asterisk in the label.
    expect(within(dialog).getByLabelText(/Medicine Code \*/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Name \*/)).toBeInTheDocument();
    expect(within(dialog).queryByLabelText(/Purchase Price \*/)).not.toBeInTheDocument();
    expect(within(dialog).getByRole('switch', { name: 'Status' })).toBeChecked();
  });

  it('recalculates the profit when the sales or purchase price changes', async () => {
    renderApp('/medicine/create');
    const dialog = await screen.findByRole('dialog');
    const sales = within(dialog).getByLabelText('Sales Price');
    const purchase = within(dialog).getByLabelText('Purchase Price');
    const profit = within(dialog).getByLabelText('Sales Profit');
    fireEvent.change(sales, { target: { value: '10' } });
    fireEvent.change(purchase, { target: { value: '7.25' } });
    await waitFor(() => expect(profit).toHaveValue('2.75'));
    fireEvent.change(sales, { target: { value: '12' } });
    await waitFor(() => expect(profit).toHaveValue('4.75'));
    expect(profit).toHaveAttribute('readonly');
  });

  it('the category select lists only active categories', async () => {
    const listbox = await openCategoryChoices();
    await waitFor(() => expect(within(listbox).getByText('Analgesics')).toBeInTheDocument());
    expect(within(listbox).getByText('Antibiotics')).toBeInTheDocument();
    expect(within(listbox).queryByText('Retired Category')).not.toBeInTheDocument();
  });

  it('the category select offers every active category, not only a first page of them', async () => {
    const many = Array.from({ length: 40 }, (_, i) => ({
      pharmacy_category_id: 100 + i,
      pharmacy_category_code: `C${i}`,
      pharmacy_category_name: `Category ${String(i + 1).padStart(2, '0')}`,
      pharmacy_category_status: 1,
    }));
    server.use(...listHandlers(category, many));
    const listbox = await openCategoryChoices();
    await waitFor(() => expect(within(listbox).getByText('Category 40')).toBeInTheDocument());
    expect(
      within(listbox)
        .getAllByRole('option')
        .filter((o) => o.textContent?.startsWith('Category ')),
    ).toHaveLength(40);
  });
});

describe('generated form (doctors rows)', () => {
  it('adds and removes rows, each sub-field required', async () => {
    signIn([...allSlugs(doctors), ...allSlugs(department)]);
    server.use(...listHandlers(doctors, []), ...listHandlers(department, []));
    const user = userEvent.setup();
    renderApp('/doctors/create');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByLabelText(/Degree Name/)).not.toBeInTheDocument();
    const addButtons = within(dialog).getAllByRole('button', { name: 'Add row' });
    expect(addButtons).toHaveLength(4); // degrees, experience, appointment, contact
    await user.click(addButtons[0]!);
    await user.click(addButtons[0]!);
    expect(within(dialog).getAllByLabelText(/Degree Name \*/)).toHaveLength(2);
    expect(within(dialog).getAllByLabelText(/Institute \*/)).toHaveLength(2);
    await user.click(within(dialog).getAllByLabelText('Remove row')[0]!);
    await waitFor(() => expect(within(dialog).getAllByLabelText(/Degree Name \*/)).toHaveLength(1));
    // Contact rows use a telephone and an e-mail input.
    await user.click(addButtons[3]!);
    expect(within(dialog).getByLabelText(/Phone \*/)).toHaveAttribute('type', 'tel');
    expect(within(dialog).getByLabelText(/Email \*/)).toHaveAttribute('type', 'email');
  });
});
