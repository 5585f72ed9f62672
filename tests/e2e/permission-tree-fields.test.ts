import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registry } from '../../resources';
import { insertUser } from '../fixtures/users';
import { ADMIN, signIn, startE2E, type E2E } from './harness';
import { seriousViolations } from './a11y-routes';

/**
 * Issue 47, field rules in the permission tree: an administrator opens a group's permissions,
 * opens the medicine fields under Pharmacy and sets the purchase price hidden; the server then
 * hides it from the group's members (their rules, and the medicine list as they read it).
 */
const CLERK = { username: 'pharmacy-clerk', password: 'pharmacy-clerk-password' };

describe('the permission tree sets field rules', () => {
  let e: E2E;
  let group: number;
  beforeAll(async () => {
    e = await startE2E();
    const created = await e.app.inject({
      method: 'POST',
      url: '/api/group/group-create',
      headers: { 'access-token': await tokenOf(ADMIN) },
      payload: { group_code: 'PHC', group_name: 'Pharmacy Clerks' },
    });
    group = created.json<{ data: { group_id: number } }>().data.group_id;
    await insertUser(e.app.ctx, { ...CLERK, group, slugs: ['pharmacy', 'medicine/medicine-list', 'medicine/get-medicine'] });
    await e.app.ctx.crud.create(registry.get('medicine'), {
      fields: { medicine_code: 'PCM-500', medicine_name: 'Paracetamol', medicine_purchase_price: 2, medicine_sales_price: 3 },
      files: [],
    });
    await signIn(e);
  });
  afterAll(() => e?.close());

  async function tokenOf(who: { username: string; password: string }): Promise<string> {
    const res = await e.app.inject({ method: 'POST', url: '/api/users/user-login/', payload: who });
    return res.json<{ data: { token: string } }>().data.token;
  }
  async function asClerk(url: string) {
    const res = await e.app.inject({ method: 'GET', url, headers: { 'access-token': await tokenOf(CLERK) } });
    expect(res.statusCode).toBe(200);
    return res.json<{ data: unknown }>().data;
  }

  it("an administrator hides medicine's purchase price from a group; the API hides it from its members", async () => {
    const { page } = e;
    // Before: the clerk sees the purchase price.
    expect(await asClerk('/api/access/field-rules')).toEqual({});
    const before = (await asClerk('/api/medicine/medicine-list/?status=all')) as Record<string, unknown>[];
    expect(before[0]).toHaveProperty('medicine_purchase_price');

    await page.goto(`${e.url}/group`);
    await page.getByRole('button', { name: 'Permission: Pharmacy Clerks', exact: true }).click();
    const dialog = page.getByRole('dialog');
    const tree = dialog.getByRole('tree');
    await expect.poll(() => tree.getByRole('treeitem').count()).toBeGreaterThan(0);
    // The filter opens Pharmacy; the medicine fields node sits after medicine's actions.
    await dialog.getByRole('textbox').fill('medicine/medicine-list');
    const node = tree.getByRole('treeitem', { name: 'Fields of Medicines', exact: true });
    await expect.poll(() => node.getAttribute('aria-expanded')).toBe('false');
    await node.getByRole('button', { name: 'Expand Fields of Medicines', exact: true }).click();
    await expect.poll(() => node.getAttribute('aria-expanded')).toBe('true');
    const purchase = tree.getByRole('radiogroup', { name: 'Purchase Price', exact: true });
    await expect.poll(() => purchase.getByRole('radio', { name: 'Editable', exact: true }).isChecked()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    await purchase.getByRole('radio', { name: 'Hidden', exact: true }).check();
    // The tree shows the rule as stored once the save is read back.
    await expect.poll(() => purchase.getByRole('radio', { name: 'Hidden', exact: true }).isChecked()).toBe(true);
    await expect.poll(() => purchase.getByRole('radio', { name: 'Hidden', exact: true }).isEnabled()).toBe(true);

    // The server holds it for the group's member: their rules, and the list they read.
    await expect
      .poll(() => asClerk('/api/access/field-rules'))
      .toEqual({ medicine: { hidden: ['medicine_purchase_price', 'medicine_sales_profit'], readOnly: [] } });
    const after = (await asClerk('/api/medicine/medicine-list/?status=all')) as Record<string, unknown>[];
    expect(after[0]).toHaveProperty('medicine_name', 'Paracetamol');
    expect(after[0]).not.toHaveProperty('medicine_purchase_price');
    // The profit (sales price minus purchase price) would tell it: hidden with it.
    expect(after[0]).not.toHaveProperty('medicine_sales_profit');

    // One rule, for the group, as the tree wrote it.
    const rules = await e.app.inject({
      method: 'GET',
      url: `/api/field-rule/field-rule-list/?field_rule_group=${String(group)}&status=all`,
      headers: { 'access-token': await tokenOf(ADMIN) },
    });
    expect(rules.json<{ data: Record<string, unknown>[] }>().data).toEqual([
      expect.objectContaining({
        // Reads embed the group and the user in place of their ids.
        field_rule_group: expect.objectContaining({ group_id: group }),
        field_rule_user: expect.objectContaining({ user_id: 0 }),
        field_rule_resource: 'medicine',
        field_rule_field: 'medicine_purchase_price',
        field_rule_level: 'hidden',
        field_rule_status: 1,
      }),
    ]);
    expect(e.foreignRequests).toEqual([]);
  });
});
