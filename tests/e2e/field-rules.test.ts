import { parse } from 'csv-parse/sync';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportSlug } from '../../resources/spreadsheets';
import { registry } from '../../resources';
import { ADMIN, signIn, startE2E, watchSocket, type E2E } from './harness';
import { navigate, seriousViolations } from './a11y-routes';
import { expectToast } from './toast';

/**
 * The four staff stories of issue 47, end to end in Chromium against the real server, with the
 * groups, users and rules set up through the API as an administrator would: the pharmacy clerk
 * neither sees the purchase price (list, form) nor exports it; reception sees no doctor's phone or
 * e-mail; the branch manager's user form shows group and branch disabled, and saving another
 * field of a user of their branch succeeds. Each story is also looked at as the administrator
 * (no rules), so that a screen that showed nothing to begin with cannot pass.
 */
const PASSWORD = 'field-rules-e2e-password';
const BOM = '\uFEFF';

type Api = (method: string, url: string, body?: unknown) => Promise<{ status: number; data: Record<string, unknown> }>;

/** The file a click hands to the browser's download, read as text. */
async function downloaded(page: Page, click: () => Promise<void>): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** The column headers of the list table on screen, once its rows are there. */
async function columnHeaders(page: Page): Promise<string[]> {
  await expect.poll(() => page.locator('tbody tr').count()).toBeGreaterThan(0);
  return (await page.locator('thead th').allTextContents()).map((t) => t.trim());
}

/** The labels of the list's phone cards (one card per row under the sm breakpoint); the desktop width is put back. */
async function phoneCardLabels(page: Page): Promise<string[]> {
  await page.setViewportSize({ width: 390, height: 844 });
  try {
    const card = page.getByTestId('list-card').first();
    await expect.poll(() => card.locator('dt').count()).toBeGreaterThan(0);
    return (await card.locator('dt').allTextContents()).map((t) => t.trim());
  } finally {
    await page.setViewportSize({ width: 1400, height: 900 });
  }
}

/** Signs out whoever is signed in (their stored session) and signs `who` in. */
async function signInAs(e: E2E, who: { username: string; password: string }) {
  await e.page.goto(`${e.url}/login`);
  await e.page.evaluate(() => localStorage.clear());
  await signIn(e, who);
}

describe('field rules in the console, the staff stories of issue 47', () => {
  let e: E2E;
  let api: Api;
  let medicineId: number;
  let doctorId: number;
  let nurseId: number;
  let branchA: number;
  let staffGroup: number;
  let purchaseRule: number;

  beforeAll(async () => {
    e = await startE2E();
    const login = await e.app.inject({ method: 'POST', url: '/api/users/user-login/', payload: ADMIN });
    const token = login.json<{ data: { token: string } }>().data.token;
    api = async (method, url, body) => {
      const res = await e.app.inject({
        method: method as 'GET',
        url,
        headers: { 'access-token': token },
        ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
      });
      return { status: res.statusCode, data: res.json<{ data: Record<string, unknown> }>().data };
    };
    const create = async (url: string, body: Record<string, unknown>) => {
      const res = await api('POST', url, body);
      if (res.status !== 201) throw new Error(`${url}: ${res.status} ${JSON.stringify(res.data)}`);
      return res.data;
    };
    // A group granted exactly these slugs, through the permission tree's own route.
    const menus = await e.app.ctx.conn.db.selectFrom('menu').select(['menu_id', 'menu_slug']).execute();
    const group = async (code: string, slugs: string[]) => {
      const id = (await create('/api/group/group-create', { group_code: code, group_name: code })).group_id as number;
      const granted = menus.filter((m) => slugs.includes(m.menu_slug));
      expect(granted.map((m) => m.menu_slug).sort()).toEqual([...slugs].sort());
      const res = await api('POST', '/api/permission/permission-create', {
        group_id: id,
        permission_data: granted.map((m) => ({ menu_id: m.menu_id, permission_status: 1 })),
      });
      expect(res.status).toBe(200);
      return id;
    };
    const fieldRule = async (groupId: number, resource: string, field: string, level: 'hidden' | 'read-only') =>
      create('/api/field-rule/field-rule-create', {
        field_rule_group: groupId,
        field_rule_user: 0,
        field_rule_resource: resource,
        field_rule_field: field,
        field_rule_level: level,
      });

    branchA = (await create('/api/branch/branch-create', { branch_code: 'FR-A', branch_name: 'Rules Branch A' })).branch_id as number;
    await create('/api/branch/branch-create', { branch_code: 'FR-B', branch_name: 'Rules Branch B' });
    const designation = (await create('/api/designation/designation-create', { designation_code: 'FR-D', designation_name: 'Nurse' }))
      .designation_id as number;
    const department = (await create('/api/department/department-create', { department_code: 'FR-P', department_name: 'Cardiology' }))
      .department_id as number;
    const user = async (username: string, groupId: number) =>
      (
        await create('/api/users/user-create', {
          user_name: `User ${username}`,
          username,
          password: PASSWORD,
          c_password: PASSWORD,
          user_branch: branchA,
          user_group: groupId,
          user_designation: designation,
          user_department: department,
          user_phone: '01711000000',
        })
      ).user_id as number;

    const medicine = registry.get('medicine');
    const clerks = await group('FR-CLERK', [
      'medicine/medicine-list',
      'medicine/get-medicine',
      'medicine/medicine-create',
      'medicine/medicine-update',
      exportSlug(medicine),
    ]);
    const reception = await group('FR-RECEPTION', ['doctors/doctors-list', 'doctors/get-doctors', 'doctors/doctors-update']);
    const managers = await group('FR-MANAGER', ['users/user-list', 'users/get-user', 'users/user-update']);
    // The nurse holds less than the manager (nobody manages a user who holds more than they do).
    staffGroup = await group('FR-STAFF', ['users/user-list']);
    await user('fr-clerk', clerks);
    await user('fr-reception', reception);
    await user('fr-manager', managers);
    nurseId = await user('fr-nurse', staffGroup);

    purchaseRule = (await fieldRule(clerks, 'medicine', 'medicine_purchase_price', 'hidden')).field_rule_id as number;
    await fieldRule(clerks, 'medicine', 'medicine_sales_profit', 'hidden');
    await fieldRule(reception, 'doctors', 'contact', 'hidden');
    await fieldRule(managers, 'users', 'user_group', 'read-only');
    await fieldRule(managers, 'users', 'user_branch', 'read-only');

    medicineId = (
      await create('/api/medicine/medicine-create', {
        medicine_code: 'NAPA-500',
        medicine_name: 'Napa',
        medicine_purchase_price: 7,
        medicine_sales_price: 10,
      })
    ).medicine_id as number;
    doctorId = (
      await create('/api/doctors/doctors-create', {
        name: 'Dr. Rahman',
        title: 'Cardiologist',
        doctor_department: department,
        contact: JSON.stringify([{ phone: '01812345678', email: 'rahman@hospital.test' }]),
      })
    ).id as number;
  }, 120_000);
  afterAll(() => e?.close());

  it('the pharmacy clerk: no purchase price or profit in the medicine list or form', async () => {
    const { page } = e;
    await signInAs(e, ADMIN);
    await page.goto(`${e.url}/medicine`);
    expect(await columnHeaders(page)).toEqual(expect.arrayContaining(['Purchase Price', 'Sales Price']));
    expect(await phoneCardLabels(page)).toContain('Purchase Price');

    await signInAs(e, { username: 'fr-clerk', password: PASSWORD });
    await page.goto(`${e.url}/medicine`);
    await expect.poll(() => page.locator('tbody').textContent()).toContain('Napa');
    await expect.poll(() => columnHeaders(page)).not.toContain('Purchase Price');
    const headers = await columnHeaders(page);
    expect(headers).toContain('Sales Price');
    expect(headers).not.toContain('Sales Profit');
    // On a phone, one card per row: its lines leave the hidden fields out too.
    const cardLabels = await phoneCardLabels(page);
    expect(cardLabels).toContain('Sales Price');
    expect(cardLabels).not.toContain('Purchase Price');

    await page.goto(`${e.url}/medicine/${medicineId}`);
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByLabel('Sales Price').inputValue()).toBe('10.00');
    expect(await dialog.getByLabel('Purchase Price').count()).toBe(0);
    expect(await dialog.getByLabel('Sales Profit').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
  }, 120_000);

  it("the clerk's export has no purchase-price column", async () => {
    const { page } = e;
    await signInAs(e, { username: 'fr-clerk', password: PASSWORD });
    await page.goto(`${e.url}/medicine`);
    await expect.poll(() => page.locator('tbody').textContent()).toContain('Napa');
    await page.getByRole('button', { name: 'Export' }).click();
    const text = await downloaded(page, () => page.getByRole('menuitem', { name: 'Export CSV' }).click());
    expect(text.startsWith(BOM)).toBe(true);
    const table: string[][] = parse(text.slice(1));
    const [header, ...rows] = table;
    expect(header).toContain('Name');
    expect(header).toContain('Sales Price');
    expect(header).not.toContain('Purchase Price');
    expect(header).not.toContain('Sales Profit');
    expect(rows.map((r) => r[header!.indexOf('Name')])).toEqual(['Napa']);
  }, 120_000);

  it("reception: the doctors' list and dialog show no phone or e-mail", async () => {
    const { page } = e;
    await signInAs(e, ADMIN);
    await page.goto(`${e.url}/doctors/${doctorId}`);
    const adminDialog = page.getByRole('dialog');
    await expect
      .poll(() =>
        adminDialog
          .getByLabel(/^Phone/)
          .first()
          .inputValue(),
      )
      .toBe('01812345678');
    await expect
      .poll(() =>
        adminDialog
          .getByLabel(/^Email/)
          .first()
          .inputValue(),
      )
      .toBe('rahman@hospital.test');

    await signInAs(e, { username: 'fr-reception', password: PASSWORD });
    await page.goto(`${e.url}/doctors`);
    await expect.poll(() => page.locator('tbody').textContent()).toContain('Dr. Rahman');
    const headers = await columnHeaders(page);
    expect(headers).toContain('Title');
    for (const hidden of ['Phone', 'Email', 'Contact']) expect(headers).not.toContain(hidden);
    expect(await page.locator('tbody').textContent()).not.toContain('01812345678');

    await page.goto(`${e.url}/doctors/${doctorId}`);
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByLabel(/^Title/).inputValue()).toBe('Cardiologist');
    expect(await dialog.getByLabel(/^Phone/).count()).toBe(0);
    expect(await dialog.getByLabel(/^Email/).count()).toBe(0);
    expect(await dialog.getByText('Contact', { exact: true }).count()).toBe(0);
    expect(await dialog.textContent()).not.toContain('rahman@hospital.test');
  }, 120_000);

  it("the branch manager: a user's group and branch are disabled; saving another field succeeds", async () => {
    const { page } = e;
    await signInAs(e, { username: 'fr-manager', password: PASSWORD });
    await page.goto(`${e.url}/users/${nurseId}`);
    const dialog = page.getByRole('dialog');
    const name = dialog.getByLabel(/^Name/);
    await expect.poll(() => name.inputValue()).toBe('User fr-nurse');
    const group = dialog.getByRole('combobox', { name: /^Group/ });
    const branch = dialog.getByRole('combobox', { name: /^Branch/ });
    await expect.poll(() => group.getAttribute('aria-disabled')).toBe('true');
    expect(await branch.getAttribute('aria-disabled')).toBe('true');
    expect(await group.textContent()).toContain('FR-STAFF');
    expect(await branch.textContent()).toContain('Rules Branch A');
    await expect.poll(() => name.isEnabled()).toBe(true);
    expect(await dialog.getByLabel(/^Phone/).isEnabled()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    await name.fill('Nurse Ayesha');
    await expectToast(page, 'Data Update Successfully', () => dialog.getByRole('button', { name: 'Save' }).click());
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    const stored = await api('GET', `/api/users/get-user/${nurseId}`);
    expect(stored.data.user_name).toBe('Nurse Ayesha');
    const storedGroup = stored.data.user_group as number | { group_id: number };
    expect(typeof storedGroup === 'object' ? storedGroup.group_id : storedGroup).toBe(staffGroup);
    const storedBranch = stored.data.user_branch as number | { branch_id: number };
    expect(typeof storedBranch === 'object' ? storedBranch.branch_id : storedBranch).toBe(branchA);
  }, 120_000);
  it("a view as the clerk shows the clerk's columns; a rule lifted while the clerk looks at the list brings its column at once", async () => {
    const { page } = e;
    await signInAs(e, ADMIN);
    // View as the clerk from the users list's row button; the page reloads as the clerk's session.
    await page.goto(`${e.url}/users`);
    await page.getByRole('combobox', { name: /branch/i }).click();
    await page.getByRole('option', { name: 'All branches' }).click();
    const clerkRow = page.locator('tbody tr', { hasText: 'fr-clerk' });
    await expect.poll(() => clerkRow.count()).toBe(1);
    await clerkRow.getByRole('button', { name: /^view as/i }).click();
    await expect.poll(() => page.getByText(/Viewing as .*, read only/).count()).toBe(1);
    await navigate(page, '/medicine');
    await expect.poll(() => page.locator('tbody').textContent()).toContain('Napa');
    await expect.poll(() => columnHeaders(page)).not.toContain('Purchase Price');
    expect(await columnHeaders(page)).toContain('Sales Price');
    // The view ends: the administrator's own rules (none) come back with their session.
    await page.getByRole('button', { name: /^end view$/i }).click();
    await expect.poll(() => page.getByText(/Viewing as .*, read only/).count()).toBe(0);
    await page.waitForURL(`${e.url}/`);
    await navigate(page, '/medicine');
    await expect.poll(() => columnHeaders(page)).toContain('Purchase Price');

    // The clerk looks at the list while the administrator lifts the rule: the server pushes
    // `permissions` on the socket and the column comes without a reload.
    await signInAs(e, { username: 'fr-clerk', password: PASSWORD });
    const socket = watchSocket(page);
    await page.goto(`${e.url}/medicine`);
    await expect.poll(() => page.locator('tbody').textContent()).toContain('Napa');
    await expect.poll(() => columnHeaders(page)).not.toContain('Purchase Price');
    // The socket is up before the change is made (its first connection waits for an idle page).
    await expect.poll(() => socket.connected()).toBe(true);
    const lifted = await api('DELETE', `/api/field-rule/field-rule-delete/${purchaseRule}`);
    expect(lifted.status).toBe(200);
    await expect.poll(() => columnHeaders(page)).toContain('Purchase Price');
    await expect.poll(() => page.locator('tbody').textContent()).toContain('7.00');
  }, 120_000);
});
