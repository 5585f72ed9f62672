import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../fixtures/users';
import { signIn, startE2E, type E2E } from './harness';
import { seriousViolations } from './a11y-routes';
import en from '../../i18n/modules/users.en';
import bn from '../../i18n/modules/users.bn';
import es from '../../i18n/modules/users.es';
import my from '../../i18n/modules/users.my';

/**
 * The permission tree in every language, in both directions, on a desktop and a phone: axe-core
 * finds no serious or critical violation, none left out. The user's dialog shows the most a row can
 * hold: nested items (the filter opens their parents), where each state comes from, the chip of the
 * user's own grant and its reset button. Each item's accessible name is its visible text, so
 * `label-content-name-mismatch` (a voice-control user says the words they see) holds too. Then the
 * field level under medicine (issue 47) is opened and checked the same way.
 */
const NURSE = { username: 'nurse-tree', password: 'nurse-tree-password' };
const GROUP = 92;
/** Each language's word on the users list's permission button ("Permissions: {user name}"). */
const PERMISSIONS_WORD = { en: en.users.permissions, bn: bn.users.permissions, es: es.users.permissions, my: my.users.permissions };
const LANGUAGES = ['en', 'bn', 'es', 'my'] as const;
const DIRECTIONS = ['ltr', 'rtl'] as const;
const VIEWPORTS = {
  desktop: { width: 1400, height: 900 },
  phone: { width: 390, height: 844 },
};

describe('the permission tree: no serious accessibility finding in any language, direction or screen size', () => {
  let e: E2E;
  beforeAll(async () => {
    e = await startE2E();
    await insertUser(e.app.ctx, { ...NURSE, group: GROUP, slugs: ['doctors/doctors-list'] });
    await signIn(e);
    // The nurse's own grant of the medicine list, as the dialog saves it: the row then carries a chip and a reset button.
    const nurse = await e.app.ctx.conn.db
      .selectFrom('users')
      .select('user_id')
      .where('username', '=', NURSE.username)
      .executeTakeFirstOrThrow();
    const status = await e.page.evaluate(async (user) => {
      const headers = { 'access-token': localStorage.getItem('token') ?? '', 'content-type': 'application/json' };
      const menus = (await (await fetch('/api/menu/menu-list-permission', { headers })).json()) as {
        data: { menu_id: number; menu_slug: string }[];
      };
      const menu = menus.data.find((m) => m.menu_slug === 'medicine/medicine-list')!;
      const res = await fetch('/api/permission/permission-create-user', {
        method: 'POST',
        headers,
        body: JSON.stringify({ user: { user_id: user }, permission_data: [{ menu_id: menu.menu_id, permission_status: 1 }] }),
      });
      return res.status;
    }, nurse.user_id);
    expect(status).toBe(200);
  });
  afterAll(() => e?.close());

  const cases = LANGUAGES.flatMap((language) => DIRECTIONS.map((dir) => [language, dir] as const));
  it.each(cases)('%s, %s: desktop and phone', async (language, dir) => {
    const { page } = e;
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.evaluate(
      ({ l, d }) => {
        localStorage.setItem('language', l);
        localStorage.setItem('theme-dir', d);
      },
      { l: language, d: dir },
    );
    // The users list with every branch shown (a branch-0 administrator has none chosen until then).
    await page.goto(`${e.url}/users?filter=${encodeURIComponent(JSON.stringify({ user_branch: 'all' }))}`);
    // The console sets the page's language and direction once it has started.
    await expect.poll(() => page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([language, dir]);
    const row = page.locator('tbody tr', { hasText: NURSE.username });
    await expect.poll(() => row.count()).toBe(1);
    for (const [screen, viewport] of Object.entries(VIEWPORTS)) {
      await page.setViewportSize(viewport);
      // A table row on a desktop, a card on a phone (the lists' cards below 600 px): the nurse's own button either way.
      await page.getByRole('button', { name: `${PERMISSIONS_WORD[language]}: ${NURSE.username}`, exact: true }).click();
      const dialog = page.getByRole('dialog');
      const tree = dialog.getByRole('tree');
      await expect.poll(() => tree.getByRole('treeitem').count(), { message: `${screen}: the tree` }).toBeGreaterThan(0);
      // The filter opens the medicine entry's parents; its row shows where its state comes from.
      await dialog.getByRole('textbox').fill('medicine/medicine-list');
      const granted = tree.getByRole('treeitem').filter({ hasText: 'medicine/medicine-list' }).last();
      await expect.poll(() => granted.locator('[data-origin]').count(), { message: `${screen}: the origin` }).toBe(1);
      await expect.poll(() => granted.locator('.MuiChip-root').count(), { message: `${screen}: the chip` }).toBe(1);
      expect(await tree.getByRole('treeitem').count()).toBeGreaterThan(1);
      // Each item's name starts with the entry's own name and holds its whole visible text.
      const name = await granted.evaluate((el) =>
        (el.getAttribute('aria-labelledby') ?? '')
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' '),
      );
      expect(name).toContain('medicine/medicine-list');
      expect(await seriousViolations(page), `${language} ${dir} ${screen}`).toEqual([]);
      // The field level (issue 47): medicine's fields node opens to a row per field, each a radio
      // group named by the field's visible label, with what the user inherits from the group.
      const fieldsNode = tree.locator('[data-fields-node="medicine"]');
      await expect.poll(() => fieldsNode.getAttribute('aria-expanded'), { message: `${screen}: the fields node` }).toBe('false');
      await fieldsNode.getByRole('button').click();
      await expect.poll(() => fieldsNode.getAttribute('aria-expanded'), { message: `${screen}: the fields open` }).toBe('true');
      const purchase = tree.locator('[data-field="medicine_purchase_price"]');
      await expect.poll(() => purchase.locator('[data-origin]').count(), { message: `${screen}: the inherited level` }).toBe(1);
      await expect.poll(() => purchase.getByRole('radio').count(), { message: `${screen}: the choices` }).toBe(3);
      const group = purchase.getByRole('radiogroup');
      const groupName = await group.evaluate((el) => document.getElementById(el.getAttribute('aria-labelledby') ?? '')?.textContent ?? '');
      expect(groupName.length).toBeGreaterThan(0);
      expect(await purchase.innerText()).toContain(groupName);
      expect(await seriousViolations(page), `${language} ${dir} ${screen}: the field level`).toEqual([]);
      await page.keyboard.press('Escape');
      await expect.poll(() => page.getByRole('dialog').count(), { message: `${screen}: the dialog closes` }).toBe(0);
    }
  });
});
