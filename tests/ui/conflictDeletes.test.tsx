import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { AdminContext } from 'react-admin';
import { registry } from '../../resources';
import { i18nProvider, loadToolMessages } from '../../i18n';
import { PermissionTree } from '../../src/modules/access/PermissionTree';
import type { PermissionEntry } from '../../src/modules/access';
import { server } from '../msw/server';
import { allSlugs, listHandlers, ok, path } from '../msw/contract';
import { renderApp, signIn } from './render';
import { treeItemNamed } from './access/treeItem';

/**
 * A delete of a record changed since it was read asks again, showing what changed, and deletes it
 * only when the user says so (with the version shown); a permission toggle on a set changed
 * meanwhile shows the toggles changed under the user and saves what they keep.
 */
const branch = registry.get('branch');
const row = {
  branch_id: 11,
  branch_code: 'DHK-01',
  branch_name: 'Dhanmondi Main',
  branch_opening_date: '2015-03-01',
  branch_status: 1,
  updated_at: '2026-01-01T00:00:00.000Z',
};
const other = { ...row, branch_id: 12, branch_code: 'SYL-01', branch_name: 'Sylhet Outlet' };
const theirs = { ...row, branch_name: 'Renamed by Rina', updated_at: '2026-01-02T00:00:00.000Z' };
const STALE = 'This record was changed by someone else after you opened it; review their changes and save again';
const staleData = {
  record: theirs,
  version: theirs.updated_at,
  changed_by: { user_id: 2, user_name: 'Rina' },
  changed_at: theirs.updated_at,
};

/** The single-row delete: refused with 412 for the version the list read, done for the one the refusal answered. */
function deleteHandler(sent: (string | null)[]) {
  return http.delete(path(branch, 'delete'), ({ request }) => {
    const ifMatch = request.headers.get('if-match');
    sent.push(ifMatch);
    if (ifMatch === `"${row.updated_at}"`) return HttpResponse.json({ status: 0, message: STALE, data: staleData }, { status: 412 });
    return ok(null, { message: 'Branch Deleted Successfully' });
  });
}

/**
 * Clicks the row's bin and answers yes. The list's first rows are replaced once as it settles (a
 * bin found before is then detached and its click lost), so the click is repeated until the
 * question is there.
 */
async function confirmRowDelete(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByRole('table');
  await waitFor(
    async () => {
      if (!screen.queryByRole('dialog')) await user.click(within(screen.getByRole('table')).getByRole('button', { name: 'Delete' }));
      expect(screen.getByRole('dialog')).toHaveTextContent('Do You Want to Delete?');
    },
    { timeout: 15_000 },
  );
  await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: /Yes/ }));
}

describe('a delete of a record changed meanwhile', () => {
  it("asks again from the row's bin, shows what changed, and deletes with their version when told to", async () => {
    signIn(allSlugs(branch));
    const sent: (string | null)[] = [];
    server.use(...listHandlers(branch, [row]), deleteHandler(sent));
    const user = userEvent.setup();
    renderApp('/branch');
    await confirmRowDelete(user);

    // The conflict dialog's code loads when first needed: give it time on a busy machine.
    const asked = await screen.findByRole('dialog', { name: 'This record changed since you opened it' }, { timeout: 10_000 });
    expect(asked).toHaveTextContent('Rina saved it at');
    const name = asked.querySelector<HTMLElement>('tr[data-field="branch_name"]');
    expect(name).toHaveTextContent('Dhanmondi Main');
    expect(name).toHaveTextContent('Renamed by Rina');
    // Only what changed is shown.
    expect(asked.querySelector('tr[data-field="branch_code"]')).toBeNull();
    expect(sent).toEqual([`"${row.updated_at}"`]);
    await user.click(within(asked).getByRole('button', { name: 'Delete anyway' }));
    await waitFor(() => expect(sent).toEqual([`"${row.updated_at}"`, `"${theirs.updated_at}"`]));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'This record changed since you opened it' })).toBeNull());
  });

  it('keeps the record when the user says so: nothing more is sent', async () => {
    signIn(allSlugs(branch));
    const sent: (string | null)[] = [];
    server.use(...listHandlers(branch, [row]), deleteHandler(sent));
    const user = userEvent.setup();
    renderApp('/branch');
    await confirmRowDelete(user);
    // The conflict dialog's code loads when first needed: give it time on a busy machine.
    const asked = await screen.findByRole('dialog', { name: 'This record changed since you opened it' }, { timeout: 10_000 });
    await user.click(within(asked).getByRole('button', { name: "Don't delete" }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'This record changed since you opened it' })).toBeNull());
    expect(sent).toHaveLength(1);
  });

  it('asks again for the stale rows of a bulk delete, after deleting the rows still as read', async () => {
    signIn(allSlugs(branch));
    const sent: (string | null)[] = [];
    let bulk: unknown;
    server.use(
      ...listHandlers(branch, [row, other]),
      deleteHandler(sent),
      http.post('*/api/branch/branch-bulk', async ({ request }) => {
        bulk = await request.json();
        return ok({
          done: 1,
          refused: 1,
          results: [
            { id: 11, ok: false, status: 412, message: STALE, data: staleData },
            { id: 12, ok: true },
          ],
        });
      }),
    );
    const user = userEvent.setup();
    renderApp('/branch');
    await screen.findByText('Dhanmondi Main');
    for (const box of await screen.findAllByRole('checkbox', { name: 'Select this row' })) await user.click(box);
    // The bulk toolbar's Delete (the rows' bins are in the table).
    const bulkDelete = () => screen.getAllByRole('button', { name: 'Delete' }).find((b) => !b.closest('table'));
    await waitFor(() => expect(bulkDelete()).toBeDefined());
    await user.click(bulkDelete()!);
    await user.click(within(await screen.findByRole('dialog', { name: /Delete the 2 selected/ })).getByRole('button', { name: /Yes/ }));

    // The conflict dialog's code loads when first needed: give it time on a busy machine.
    const asked = await screen.findByRole('dialog', { name: 'This record changed since you opened it' }, { timeout: 10_000 });
    // Each row's version as the list read it went with the bulk request.
    expect(bulk).toEqual({ action: 'delete', ids: [11, 12], versions: { 11: row.updated_at, 12: other.updated_at } });
    expect(asked.querySelector('tr[data-field="branch_name"]')).toHaveTextContent('Renamed by Rina');
    await user.click(within(asked).getByRole('button', { name: 'Delete anyway' }));
    await waitFor(() => expect(sent).toEqual([`"${theirs.updated_at}"`]));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'This record changed since you opened it' })).toBeNull());
  });
});

const entry = (menu_id: number, menu_name: string, menu_slug: string, permission_status: number, menus: PermissionEntry[] = []) => ({
  menu_id,
  menu_name,
  menu_slug,
  menu_icon: 'AccountTree',
  permission_status,
  menus,
});
const tree = (list: number, create: number, reports: number) => [
  entry(1, 'Branch', 'branch', 1, [
    entry(2, 'Branch List', 'branch/branch-list', list),
    entry(3, 'Branch Create', 'branch/branch-create', create),
  ]),
  entry(8, 'Reports', 'reports', reports),
];

describe('a permission toggle on a set someone else changed', () => {
  // The tree's English words load with the screens that show it; rendered alone here, they are loaded first.
  beforeAll(() => loadToolMessages('access'));
  it('shows the toggles changed under the user, keeps theirs or takes the others’, and saves against the new version', async () => {
    const saves: { ifMatch: string | null; body: { permission_data: { menu_id: number; permission_status: number }[] } }[] = [];
    // Stored: Rina turned Reports on after this tree was read.
    let stored = { version: 'v2', tree: tree(1, 0, 1) };
    server.use(
      http.get('*/api/permission/permission-list/', () =>
        saves.length === 0
          ? HttpResponse.json({ status: 1, message: 'Data Found', data: tree(1, 0, 0) }, { headers: { etag: '"v1"' } })
          : HttpResponse.json({ status: 1, message: 'Data Found', data: stored.tree }, { headers: { etag: `"${stored.version}"` } }),
      ),
      http.post('*/api/permission/permission-create', async ({ request }) => {
        const ifMatch = request.headers.get('if-match');
        const body = (await request.json()) as (typeof saves)[number]['body'];
        saves.push({ ifMatch, body });
        if (ifMatch !== `"${stored.version}"`)
          return HttpResponse.json(
            {
              status: 0,
              message: STALE,
              data: {
                record: stored.tree,
                version: stored.version,
                changed_by: { user_id: 2, user_name: 'Rina' },
                changed_at: '2026-01-02T00:00:00.000Z',
              },
            },
            { status: 412 },
          );
        stored = { version: 'v3', tree: tree(1, 1, 0) };
        return ok({ group_id: 3, changed: body.permission_data.length, version: 'v3' });
      }),
    );
    render(
      <AdminContext i18nProvider={i18nProvider}>
        <PermissionTree group={3} label="Permissions of Clerks" />
      </AdminContext>,
    );
    const user = userEvent.setup();
    await screen.findByRole('tree', { name: 'Permissions of Clerks' });
    await user.click(screen.getByRole('button', { name: 'Expand Branch' }));
    // Turn Branch Create on, with the version read (v1).
    await user.click(await screen.findByText('Branch Create'));

    const asked = await screen.findByRole('dialog', { name: 'Someone else changed these permissions' });
    expect(saves[0]).toMatchObject({ ifMatch: '"v1"', body: { permission_data: [{ menu_id: 3, permission_status: 1 }] } });
    // The menu the other user changed (Reports) and the one this user toggled, where they differ from what is stored.
    const reports = asked.querySelector<HTMLElement>('tr[data-field="8"]')!;
    const create = asked.querySelector<HTMLElement>('tr[data-field="3"]')!;
    expect(reports).toHaveTextContent('Reports');
    expect(create).toHaveTextContent('Branch › Branch Create');
    expect(asked.querySelector('tr[data-field="2"]')).toBeNull();
    // Defaults: theirs where only they changed, mine where I did; this user takes none of Reports.
    expect(within(reports).getByRole('radio', { name: /Take theirs/ })).toBeChecked();
    expect(within(create).getByRole('radio', { name: /Keep mine/ })).toBeChecked();
    await user.click(within(reports).getByRole('radio', { name: /Keep mine/ }));
    await user.click(within(asked).getByRole('button', { name: 'Save with these choices' }));

    await waitFor(() => expect(saves).toHaveLength(2));
    expect(saves[1]!.ifMatch).toBe('"v2"');
    expect([...saves[1]!.body.permission_data].sort((a, b) => a.menu_id - b.menu_id)).toEqual([
      { menu_id: 3, permission_status: 1 },
      { menu_id: 8, permission_status: 0 },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Someone else changed these permissions' })).toBeNull());
    // The tree shows the set as stored after the save.
    await waitFor(() =>
      expect(screen.getByRole('treeitem', { name: treeItemNamed('Branch Create') })).toHaveAttribute('aria-checked', 'true'),
    );
    expect(screen.getByRole('treeitem', { name: treeItemNamed('Reports') })).toHaveAttribute('aria-checked', 'false');
  });
});
