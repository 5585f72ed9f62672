import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { AdminContext } from 'react-admin';
import { i18nProvider, loadToolMessages } from '../../../i18n';
import { PermissionTree } from '../../../src/modules/access/PermissionTree';
import type { PermissionEntry } from '../../../src/modules/access';
import { usePermissionOrigins } from '../../../src/modules/explain/PermissionOrigins';
import type { Explanation, ExplainedLink } from '../../../src/modules/explain/api';
import { server } from '../../msw/server';
import { ok } from '../../msw/contract';
import { treeItemNamed } from '../access/treeItem';

const entry = (
  menu_id: number,
  menu_name: string,
  menu_slug: string,
  permission_status: number,
  group_permission_status: number,
  permission_source: 'group' | 'granted' | 'denied',
): PermissionEntry => ({
  menu_id,
  menu_name,
  menu_slug,
  menu_icon: 'AccountTree',
  permission_status,
  group_permission_status,
  permission_source,
  menus: [],
});

const link = (kind: string, effect: ExplainedLink['effect'], by?: [string, string]): ExplainedLink => ({
  kind,
  effect,
  decisive: true,
  set_by_id: by ? 1 : null,
  set_by_name: by?.[0] ?? null,
  set_at: by?.[1] ?? null,
});

/** User 12 of group 3 (Clerks): the list from the group (granted by Rina), create granted by Karim, delete denied at installation. */
const explanation: Explanation = {
  user: { user_id: 12, user_name: 'Nasrin', group_id: 3, group_name: 'Clerks', group_status: 1, user_status: 1 },
  items: [
    {
      menu_id: 2,
      menu_slug: 'branch/branch-list',
      menu_name: 'Branch List',
      allowed: true,
      chain: [link('group-grant', 'allow', ['Rina', '2026-03-04T10:00:00Z'])],
    },
    {
      menu_id: 3,
      menu_slug: 'branch/branch-create',
      menu_name: 'Branch Create',
      allowed: true,
      chain: [link('user-grant', 'allow', ['Karim', '2026-05-06T11:00:00Z'])],
    },
    { menu_id: 4, menu_slug: 'branch/branch-delete', menu_name: 'Branch Delete', allowed: false, chain: [link('user-deny', 'deny')] },
  ],
};

function Dialog({ explains }: { explains: boolean }) {
  const originOf = usePermissionOrigins(12, explains);
  return <PermissionTree group={3} user={12} label="Permissions of Nasrin" originOf={originOf} />;
}

describe("each row of a user's permission tree says where its state comes from", () => {
  // The console's loaders bring the explainer's and the tree's words with the permission dialog; here
  // the tree is rendered directly.
  beforeAll(() => Promise.all([loadToolMessages('explain'), loadToolMessages('access')]));

  let asked = 0;
  beforeEach(() => {
    asked = 0;
    server.use(
      http.get('*/api/permission/permission-list-user/', () =>
        ok([
          entry(2, 'Branch List', 'branch/branch-list', 1, 1, 'group'),
          entry(3, 'Branch Create', 'branch/branch-create', 1, 0, 'granted'),
          entry(4, 'Branch Delete', 'branch/branch-delete', 0, 1, 'denied'),
        ]),
      ),
      http.get('*/api/explain/check-access', ({ request }) => {
        asked++;
        expect(new URL(request.url).searchParams.get('user')).toBe('12');
        return ok(explanation);
      }),
      http.post('*/api/permission/permission-create-user', () => ok({ user_id: 12 })),
    );
  });

  it('the group, or this user’s own grant or denial by whom and when, shown on each row and read as part of its name', async () => {
    render(
      <AdminContext i18nProvider={i18nProvider}>
        <Dialog explains />
      </AdminContext>,
    );
    const item = (name: string) => screen.getByRole('treeitem', { name: treeItemNamed(name) });
    await waitFor(() => {
      expect(item('Branch List')).toHaveAccessibleName(/^Branch List branch\/branch-list From the group Clerks, set by Rina, /);
    });
    // The visible text in the order shown: name, slug, origin, and the chip of the user's own grant.
    expect(item('Branch Create')).toHaveAccessibleName(
      /^Branch Create branch\/branch-create This user's own grant, set by Karim, .* Granted to user$/,
    );
    // Set at installation: no one to name.
    expect(item('Branch Delete')).toHaveAccessibleName("Branch Delete branch/branch-delete This user's own denial Denied to user");
    expect(within(item('Branch Create')).getByText(/set by Karim/)).toBeVisible();

    // Reset to the group: the row follows the state on screen.
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reset to group: Branch Create' }));
    await waitFor(() => {
      expect(item('Branch Create')).toHaveAccessibleName('Branch Create branch/branch-create From the group Clerks');
    });
  });

  it('a viewer who may not check access is not told, and nothing is asked', async () => {
    render(
      <AdminContext i18nProvider={i18nProvider}>
        <Dialog explains={false} />
      </AdminContext>,
    );
    const list = await screen.findByRole('treeitem', { name: treeItemNamed('Branch List') });
    expect(list).toHaveAccessibleName('Branch List branch/branch-list');
    expect(asked).toBe(0);
  });
});
