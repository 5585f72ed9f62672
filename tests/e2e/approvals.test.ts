import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { descriptors, permissionSlug, recordActionSlug } from '../../resources';
import { changeRequest } from '../../resources/change-request';
import { insertUser } from '../fixtures/users';
import { idOf, makeRecord } from '../fixtures/records';
import { signIn, startE2E, type E2E } from './harness';
import { expectToast } from './toast';
import { seriousViolations } from './a11y-routes';

const byName = (name: string) => descriptors.find((d) => d.name === name)!;
const hero = byName('hero-section');
const EDITOR = { username: 'e2e-editor', password: 'e2e-editor-password' };
const REVIEWER = { username: 'e2e-reviewer', password: 'e2e-reviewer-password' };
const EDITOR_GROUP = 50;
const REVIEWER_GROUP = 51;
const OLD_TITLE = 'Caring since 1998';
const NEW_TITLE = 'Caring for every family since 1998';

/**
 * Issue 48 in the console, end to end in Chromium against the real server (SQLite): the
 * administrator puts the hero section under review by the reviewers' group on the workflow screen;
 * an editor's save of the hero section is "Sent for review" and shows "Pending review"; a reviewer
 * opens the request from the queue, sees the diff against the live record and approves it; the
 * public list of the hero section answers the new title, the author is told live, and the trails
 * show both actors (the request's: submitted by the editor, approved by the reviewer; the hero
 * section's change: by the reviewer).
 */
describe('approvals, end to end in Chromium', () => {
  let e: E2E;
  let heroId: number;
  let editor: Page;
  let reviewer: Page;
  const contexts: BrowserContext[] = [];

  /** A second signed-in user: a context of its own in the run's browser (its own storage, its own socket). */
  async function signedIn(who: { username: string; password: string }): Promise<Page> {
    const context = await e.browser.newContext({ viewport: { width: 1400, height: 900 } });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${e.url}/login`);
    await page.getByLabel(/username/i).fill(who.username);
    await page.getByLabel(/^password/i).fill(who.password);
    await page.getByRole('button', { name: /sign in/i }).click();
    await page.waitForURL(`${e.url}/`);
    return page;
  }

  const adminToken = () => e.page.evaluate(() => localStorage.getItem('token') ?? '');
  const api = async (url: string, token?: string) =>
    (await e.app.inject({ method: 'GET', url, headers: token ? { 'access-token': token } : {} })).json<{
      data: Record<string, unknown>[] | Record<string, unknown>;
    }>();
  const heroTitle = async () => {
    const rows = (await api(`/api/hero-section/hero-section-list?status=all`, await adminToken())).data as Record<string, unknown>[];
    return rows.find((r) => Number(r.id) === heroId)?.title_1;
  };

  beforeAll(async () => {
    e = await startE2E();
    heroId = idOf(e.app, 'hero-section', await makeRecord(e.app, 'hero-section', { title_1: OLD_TITLE, title_2: 'Welcome' }));
    const cr = changeRequest;
    await insertUser(e.app.ctx, {
      ...EDITOR,
      group: EDITOR_GROUP,
      slugs: [permissionSlug(hero, 'list'), permissionSlug(hero, 'update'), permissionSlug(cr, 'list'), permissionSlug(cr, 'get')],
    });
    await insertUser(e.app.ctx, {
      ...REVIEWER,
      group: REVIEWER_GROUP,
      slugs: [permissionSlug(cr, 'list'), permissionSlug(cr, 'get'), recordActionSlug(cr, 'approve'), recordActionSlug(cr, 'reject')],
    });
    await signIn(e);
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await e?.close();
  });

  it('the administrator puts the hero section under review on the workflow screen (resource and group choices)', async () => {
    const { page } = e;
    await page.goto(`${e.url}/workflow/create`);
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/^resource/i).click();
    // The resource is a choice of the registry's names (and "Access"), not free text.
    await expect.poll(() => page.getByRole('option', { name: /^access/i }).count()).toBe(1);
    await page.getByRole('option', { name: 'Hero Section', exact: true }).click();
    // The approver groups' JSON text is edited as a multiple choice of the groups, by name.
    await dialog.getByLabel(/approver groups/i).click();
    await page.getByRole('option', { name: `Group ${REVIEWER_GROUP}`, exact: true }).click();
    // Closes the choice's list (Escape would ask the dialog to close).
    await dialog.locator('#resource-dialog-title').click();
    await dialog.getByRole('button', { name: /^save$/i }).click();
    await page.waitForURL(/\/workflow(\?|$)/);
    const flows = (await api('/api/workflow/workflow-list/?status=all', await adminToken())).data as Record<string, unknown>[];
    expect(flows.map((f) => [f.workflow_resource, f.workflow_mode, JSON.parse(String(f.workflow_groups))])).toEqual([
      ['hero-section', 'review', [REVIEWER_GROUP]],
    ]);
    // The list shows the new workflow.
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
  });

  it('an editor changes the hero section: sent for review, the page shows it pending, the live record is unchanged', async () => {
    editor = await signedIn(EDITOR);
    await editor.goto(`${e.url}/hero-section`);
    const title = editor.getByLabel(/^title 1/i);
    await expect.poll(() => title.inputValue()).toBe(OLD_TITLE);
    await expect.poll(() => editor.getByTestId('pending-review').count()).toBe(0);
    await title.fill(NEW_TITLE);
    await expectToast(editor, 'Sent for review: hero-section changes need review by Group 51', () =>
      editor.getByRole('button', { name: /^save$/i }).click(),
    );
    await expect.poll(() => editor.getByTestId('pending-review').count()).toBe(1);
    expect(await heroTitle()).toBe(OLD_TITLE);
  });

  it('a reviewer opens it from the queue, sees the diff against the live record and approves it; the public content changes', async () => {
    reviewer = await signedIn(REVIEWER);
    // The reviewers' bell counts the request waiting.
    await expect.poll(() => reviewer.getByTestId('approvals-bell').getAttribute('aria-label')).toBe('1 change request waits for review');
    await reviewer.getByTestId('approvals-bell').click();
    await reviewer.waitForURL(/\/change-request(\?|$)/);
    await expect.poll(() => reviewer.locator('tbody tr').count()).toBe(1);
    await reviewer
      .getByRole('link', { name: /^open change request \d+$/i })
      .first()
      .click();
    await reviewer.waitForURL(/\/change-request\/\d+$/);
    const diff = reviewer.getByRole('table', { name: /changes against the live record/i });
    const row = diff.getByRole('row', { name: /title 1/i });
    await expect.poll(() => row.locator('td').nth(0).textContent()).toBe(OLD_TITLE);
    await expect.poll(() => row.locator('td').nth(1).textContent()).toBe(NEW_TITLE);
    // Only the field asked for is in the diff.
    await expect.poll(() => diff.locator('tbody tr').count()).toBe(1);
    // The request's dialog with a real diff, decisions and actions: no serious or critical axe finding.
    expect(await seriousViolations(reviewer)).toEqual([]);
    await reviewer.getByLabel(/comment/i).fill('Reads well');
    // The author is told live (the change-request socket event) once the reviewer approves.
    await expectToast(editor, 'Your change request was approved and applied', () =>
      expectToast(reviewer, 'Approved and applied', () => reviewer.getByRole('button', { name: /^approve$/i }).click()),
    );
    await expect.poll(() => reviewer.getByTestId('request-state').textContent()).toBe('Approved');
    await expect.poll(() => reviewer.getByText('Approved by e2e-reviewer').count()).toBeGreaterThan(0);

    // The website reads the hero section through its list route (spec 001; it needs a session): the new title.
    const answer = await e.app.inject({
      method: 'GET',
      url: '/api/hero-section/hero-section-list',
      headers: { 'access-token': await adminToken() },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect((answer.json().data as { title_1: string }[]).map((r) => r.title_1)).toEqual([NEW_TITLE]);
    // The author's page: the badge is gone (live), the form shows the applied title after a reload.
    await expect.poll(() => editor.getByTestId('pending-review').count()).toBe(0);
    await editor.reload();
    await expect.poll(() => editor.getByLabel(/^title 1/i).inputValue()).toBe(NEW_TITLE);
  });

  it('the history shows both actors: the request submitted by the editor and approved by the reviewer, the change by the reviewer', async () => {
    const { page } = e;
    const token = await adminToken();
    const requests = (await api('/api/change-request/change-request-list/?status=all', token)).data as Record<string, unknown>[];
    expect(requests).toHaveLength(1);
    const requestId = Number(requests[0]?.change_request_id);
    await page.goto(`${e.url}/change-request/${requestId}`);
    await page.getByRole('button', { name: /^history$/i }).click();
    // Over the request's own dialog.
    const history = page.getByRole('dialog').last();
    await expect.poll(() => history.getByText(/e2e-editor/).count()).toBeGreaterThan(0);
    await expect.poll(() => history.getByText(/e2e-reviewer/).count()).toBeGreaterThan(0);
    await page.keyboard.press('Escape');

    await page.goto(`${e.url}/hero-section`);
    await page.getByRole('button', { name: /^history$/i }).click();
    await expect
      .poll(() =>
        page
          .getByRole('dialog')
          .getByText(/e2e-reviewer/)
          .count(),
      )
      .toBeGreaterThan(0);
    expect(e.foreignRequests).toEqual([]);
  });
});
