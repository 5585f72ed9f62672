import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { AdminContext, Notification, type AuthProvider } from 'react-admin';
import { i18nProvider, loadToolMessages } from '../../../i18n';
import { PermissionTree } from '../../../src/modules/access/PermissionTree';
import { server } from '../../msw/server';
import { fail, ok } from '../../msw/contract';
import type { FieldRuleRecord, OwnRules } from '../../../src/modules/access/field-rules';
import { entry } from './entries';

/**
 * The permission tree's field level (issue 47): under a resource's action entries, its fields,
 * each hidden / read-only / editable, read from and saved as `field-rule` records.
 */
/** Medicine's fields in its descriptor's order, as the tree lists them. */
const MEDICINE_FIELDS = [
  'medicine_picture',
  'medicine_code',
  'medicine_name',
  'medicine_category',
  'medicine_purchase_price',
  'medicine_sales_price',
  'medicine_sales_profit',
  'medicine_description',
  'medicine_status',
];
const catalogue = () => [
  entry(1, 'Pharmacy', 'pharmacy', 1, [
    entry(2, 'Medicine List', 'medicine/medicine-list', 1),
    entry(3, 'Medicine Create', 'medicine/medicine-create', 0),
  ]),
];

const GROUP = 3;
const USER = 12;

/** A viewer who may list and write field rules, with their own rules `own`. */
const authProvider = (slugs: string[]): AuthProvider => ({
  login: () => Promise.resolve(),
  logout: () => Promise.resolve(),
  checkAuth: () => Promise.resolve(),
  checkError: () => Promise.resolve(),
  getPermissions: () => Promise.resolve(slugs),
});
const RULE_SLUGS = [
  'field-rule/field-rule-list',
  'field-rule/field-rule-create',
  'field-rule/field-rule-update',
  'field-rule/field-rule-delete',
];

interface Write {
  method: string;
  path: string;
  body?: unknown;
}

/** The tree's and the rules' server: rules kept in memory, each write recorded (and refused when told to). */
function rulesServer({ rules = [], own = {}, refuse }: { rules?: FieldRuleRecord[]; own?: OwnRules; refuse?: string } = {}) {
  const writes: Write[] = [];
  let next = 100;
  const tree = () =>
    ok(catalogue().map((e) => ({ ...e, menus: e.menus.map((m) => ({ ...m, group_permission_status: m.permission_status })) })));
  server.use(
    http.get('*/api/permission/permission-list/', tree),
    http.get('*/api/permission/permission-list-user/', tree),
    http.get('*/api/access/field-rules', () => ok(own)),
    http.get('*/api/field-rule/field-rule-list/', ({ request }) => {
      const q = new URL(request.url).searchParams;
      const group = q.get('field_rule_group');
      const user = q.get('field_rule_user');
      const found = rules.filter(
        (r) => (group === null || String(r.field_rule_group) === group) && (user === null || String(r.field_rule_user) === user),
      );
      // As the server reads them: the group and the user embedded in place of their ids.
      const embedded = found.map((r) => ({
        ...r,
        field_rule_group: { group_id: r.field_rule_group, group_name: r.field_rule_group ? 'Clerks' : '' },
        field_rule_user: { user_id: r.field_rule_user, user_name: r.field_rule_user ? 'Clerk' : '' },
      }));
      return ok(embedded, { total: found.length });
    }),
    http.post('*/api/field-rule/field-rule-create', async ({ request }) => {
      const body = (await request.json()) as Omit<FieldRuleRecord, 'field_rule_id'>;
      writes.push({ method: 'POST', path: 'create', body });
      if (refuse) return fail(refuse, 403);
      const rule = { ...body, field_rule_id: next++ };
      rules.push(rule);
      return ok(rule);
    }),
    http.put('*/api/field-rule/field-rule-update/:id', async ({ request, params }) => {
      const body = (await request.json()) as Partial<FieldRuleRecord>;
      writes.push({ method: 'PUT', path: `update/${String(params.id)}`, body });
      const rule = rules.find((r) => String(r.field_rule_id) === params.id);
      if (!rule) return fail('Not found', 404);
      Object.assign(rule, body);
      return ok(rule);
    }),
    http.delete('*/api/field-rule/field-rule-delete/:id', ({ params }) => {
      writes.push({ method: 'DELETE', path: `delete/${String(params.id)}` });
      const at = rules.findIndex((r) => String(r.field_rule_id) === params.id);
      if (at >= 0) rules.splice(at, 1);
      return ok(null);
    }),
  );
  return { writes, rules };
}

function renderTree(props: { group: number; user?: number }, slugs = RULE_SLUGS) {
  return render(
    <AdminContext i18nProvider={i18nProvider} authProvider={authProvider(slugs)}>
      <PermissionTree {...props} label="Permissions" />
      <Notification />
    </AdminContext>,
  );
}

/** Opens Pharmacy, then its "Fields of Medicines" node; the field rows are then shown. */
async function openMedicineFields() {
  const user = userEvent.setup();
  const tree = await screen.findByRole('tree', { name: 'Permissions' });
  await user.click(within(tree).getByRole('button', { name: 'Expand Pharmacy' }));
  const node = await within(tree).findByRole('treeitem', { name: 'Fields of Medicines' });
  expect(node).toHaveAttribute('aria-expanded', 'false');
  expect(node).toHaveAttribute('aria-level', '2');
  await user.click(within(node).getByRole('button', { name: 'Expand Fields of Medicines' }));
  await waitFor(() => {
    expect(node).toHaveAttribute('aria-expanded', 'true');
  });
  return { user, tree };
}

const levelsOf = (label: string) => screen.getByRole('radiogroup', { name: label });
const checked = (label: string) =>
  within(levelsOf(label))
    .getAllByRole<HTMLInputElement>('radio')
    .find((r) => r.checked)?.value;

describe('the permission tree: field rules', () => {
  beforeAll(() => loadToolMessages('access'));

  it("lists the resource's fields from its descriptor, each a radio group named by its visible label", async () => {
    rulesServer();
    renderTree({ group: GROUP });
    await openMedicineFields();
    // "All fields", then every field the medicine descriptor declares, in its order.
    const rows = document.querySelectorAll('[data-field]');
    expect([...rows].map((r) => r.getAttribute('data-field'))).toEqual(['*', ...MEDICINE_FIELDS]);
    const purchase = levelsOf('Purchase Price');
    expect(
      within(purchase)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['hidden', 'read-only', 'editable']);
    expect(within(purchase).getByRole('radio', { name: 'Hidden' })).toBeInTheDocument();
    expect(checked('Purchase Price')).toBe('editable');
    expect(checked('All fields')).toBe('editable');
  });

  it('setting a field hidden creates the group rule; editable again deletes it', async () => {
    const { writes } = rulesServer();
    renderTree({ group: GROUP });
    const { user } = await openMedicineFields();
    await user.click(within(levelsOf('Purchase Price')).getByRole('radio', { name: 'Hidden' }));
    await waitFor(() => {
      expect(writes).toHaveLength(1);
    });
    expect(writes[0]).toEqual({
      method: 'POST',
      path: 'create',
      body: {
        field_rule_group: GROUP,
        field_rule_user: 0,
        field_rule_resource: 'medicine',
        field_rule_field: 'medicine_purchase_price',
        field_rule_level: 'hidden',
        field_rule_status: 1,
      },
    });
    // Read again: the rule holds, and "All fields" is now mixed (no level checked).
    await waitFor(() => {
      expect(checked('Purchase Price')).toBe('hidden');
    });
    expect(checked('All fields')).toBeUndefined();
    await user.click(within(levelsOf('Purchase Price')).getByRole('radio', { name: 'Editable' }));
    await waitFor(() => {
      expect(writes.at(-1)).toEqual({ method: 'DELETE', path: 'delete/100' });
    });
    await waitFor(() => {
      expect(checked('Purchase Price')).toBe('editable');
    });
  });

  it('"All fields" sets every field; a level above the viewer\'s own is disabled', async () => {
    const { writes } = rulesServer({ own: { medicine: { hidden: [], readOnly: ['medicine_sales_price'] } } });
    renderTree({ group: GROUP });
    const { user } = await openMedicineFields();
    expect(within(levelsOf('Sales Price')).getByRole('radio', { name: 'Editable' })).toBeDisabled();
    expect(within(levelsOf('Sales Price')).getByRole('radio', { name: 'Read-only' })).toBeEnabled();
    expect(within(levelsOf('Purchase Price')).getByRole('radio', { name: 'Editable' })).toBeEnabled();
    // All fields hold the lowest of the viewer's levels over them.
    expect(within(levelsOf('All fields')).getByRole('radio', { name: 'Editable' })).toBeDisabled();
    await user.click(within(levelsOf('All fields')).getByRole('radio', { name: 'Read-only' }));
    await waitFor(() => {
      expect(checked('All fields')).toBe('read-only');
    });
    expect(writes.map((w) => (w.body as FieldRuleRecord).field_rule_field)).toEqual(MEDICINE_FIELDS);
    expect(new Set(writes.map((w) => (w.body as FieldRuleRecord).field_rule_level))).toEqual(new Set(['read-only']));
  });

  it('a viewer who may list the rules but not write them sees the levels disabled; one who may not list them has no field level', async () => {
    rulesServer();
    const { unmount } = renderTree({ group: GROUP }, ['field-rule/field-rule-list']);
    await openMedicineFields();
    const radios = within(levelsOf('Purchase Price')).getAllByRole('radio');
    expect(radios.map((r) => (r as HTMLInputElement).disabled)).toEqual([true, true, true]);
    expect(checked('Purchase Price')).toBe('editable');
    unmount();
    renderTree({ group: GROUP }, []);
    const user = userEvent.setup();
    const tree = await screen.findByRole('tree', { name: 'Permissions' });
    await user.click(within(tree).getByRole('button', { name: 'Expand Pharmacy' }));
    await within(tree).findByRole('treeitem', { name: (n) => n.startsWith('Medicine Create') });
    expect(within(tree).queryByRole('treeitem', { name: 'Fields of Medicines' })).toBeNull();
  });

  it("shows the server's refusal and keeps the level as stored", async () => {
    rulesServer({ refuse: 'You may not give medicine_code a level above your own' });
    renderTree({ group: GROUP });
    const { user } = await openMedicineFields();
    await user.click(within(levelsOf('Medicine Code')).getByRole('radio', { name: 'Read-only' }));
    // The field by its label once the server messages' catalogue is loaded (another file may have loaded it), else as sent.
    expect(await screen.findByText(/^You may not give (Medicine Code|medicine_code) a level above your own$/)).toBeInTheDocument();
    await waitFor(() => {
      expect(checked('Medicine Code')).toBe('editable');
    });
  });

  it("a user's tree shows the group's level as inherited, and an override of it as the user's own rule", async () => {
    const { writes } = rulesServer({
      rules: [
        {
          field_rule_id: 7,
          field_rule_group: GROUP,
          field_rule_user: 0,
          field_rule_resource: 'medicine',
          field_rule_field: 'medicine_purchase_price',
          field_rule_level: 'hidden',
          field_rule_status: 1,
        },
      ],
    });
    renderTree({ group: GROUP, user: USER });
    const { user } = await openMedicineFields();
    expect(checked('Purchase Price')).toBe('hidden');
    const row = levelsOf('Purchase Price').closest<HTMLElement>('[role="treeitem"]')!;
    expect(within(row).getByText('From the group: Hidden')).toBeInTheDocument();
    // The user may see it read-only: a rule of their own.
    await user.click(within(levelsOf('Purchase Price')).getByRole('radio', { name: 'Read-only' }));
    await waitFor(() => {
      expect(writes).toHaveLength(1);
    });
    expect(writes[0]?.body).toEqual({
      field_rule_group: 0,
      field_rule_user: USER,
      field_rule_resource: 'medicine',
      field_rule_field: 'medicine_purchase_price',
      field_rule_level: 'read-only',
      field_rule_status: 1,
    });
    expect(await within(row).findByText('Own rule; the group: Hidden')).toBeInTheDocument();
    // Back to the group's level: the user's rule goes, they inherit again.
    await user.click(within(levelsOf('Purchase Price')).getByRole('radio', { name: 'Hidden' }));
    await waitFor(() => {
      expect(writes.at(-1)).toEqual({ method: 'DELETE', path: 'delete/100' });
    });
    expect(await within(row).findByText('From the group: Hidden')).toBeInTheDocument();
  });

  it('works from the keyboard: the fields node opens with Right, Space on a field moves into its choices', async () => {
    rulesServer();
    renderTree({ group: GROUP });
    const user = userEvent.setup();
    const tree = await screen.findByRole('tree', { name: 'Permissions' });
    within(tree).getAllByRole('treeitem')[0]?.focus();
    await user.keyboard('{ArrowRight}{ArrowDown}{ArrowDown}{ArrowDown}');
    const node = within(tree).getByRole('treeitem', { name: 'Fields of Medicines' });
    expect(node).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    await waitFor(() => {
      expect(node).toHaveAttribute('aria-expanded', 'true');
    });
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const picture = levelsOf('Picture').closest('[role="treeitem"]');
    expect(picture).toHaveFocus();
    await user.keyboard(' ');
    // The checked choice takes the focus.
    expect(within(levelsOf('Picture')).getByRole('radio', { name: 'Editable' })).toHaveFocus();
    // Left on the tree item goes back up to the fields node.
    (picture as HTMLElement).focus();
    await user.keyboard('{ArrowLeft}');
    expect(node).toHaveFocus();
  });
});
