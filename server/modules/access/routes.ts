import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { requirePermission, requireUser, signedIn } from '../../plugins/auth';
import { noEscalation } from '../../auth/no-escalation';
import { success } from '../../http/envelope';
import { parseIdParam } from '../../http/ids';
import { etagOf, expectedVersion } from '../../crud/versions';
import { ensureSuperAdminGroup } from '../../startup';
import { USER_PERMISSION_SLUG, users as usersDescriptor } from '../../../resources';
import './menus';
import { groupReader } from './groups';
import { menuService, type MenuInput } from './menu-service';
import { assertMenuChangeAllowed, type MenuGrant } from './menu-policy';
import { navigationOf, permissionMenusOf, shortcutsOf } from './navigation';
import { shippedNames } from './catalogue';
import { permissionService, type PermissionChange } from './permission-service';
import {
  getMenuSchema,
  menuCreateSchema,
  menuDeleteSchema,
  menuFilters,
  menuListSchema,
  menuUpdateSchema,
  optionalInt,
  permissionCreateSchema,
  permissionCreateUserSchema,
  permissionListSchema,
  permissionListUserSchema,
  rejectInvalid,
  userMenusSchema,
} from './schemas';

type Query = Record<string, string | undefined>;

const grantOf = (m: { menu_slug: string; menu_status: number; permission_group: number[] }): MenuGrant => ({
  slug: m.menu_slug,
  status: m.menu_status,
  groups: m.permission_group,
});

const menuId = (raw: string): number => parseIdParam(raw, 'menu');

/** The menu catalogue, group and per-user permissions, and the signed-in user's menus (spec 000 section 7). */
export const accessRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  const db = ctx.conn.db;
  let superAdmin: number | undefined;
  const superAdminGroup = async () => (superAdmin ??= await ensureSuperAdminGroup(db, ctx.registry));
  const groups = groupReader(db, ctx.registry);
  const menus = menuService(db, groups, superAdminGroup, ctx.conn, ctx.crud.lastChange);
  const permissions = permissionService(db, groups, superAdminGroup, ctx.conn, shippedNames(ctx.registry), ctx.crud.lastChange);
  const escalation = noEscalation(ctx);

  /** Every permission change reaches the affected users on their very next request. */
  const changed = (who: { userIds?: number[]; groupIds?: number[] }) => {
    ctx.permissions.invalidate();
    ctx.events.emit('permissions-changed', who);
  };
  /** Open menu dialogs hear of a menu saved or deleted elsewhere (the socket's `record` event). */
  const menuChanged = (id: number, action: 'create' | 'update' | 'delete') =>
    ctx.events.emit('record-changed', { resource: 'menu', ids: [id], action });
  const slugsOf = (request: FastifyRequest) => ctx.permissions.slugsFor(signedIn(request));
  const found = (n: number) => (n ? 'Data Found' : 'Data Not Found');

  app.get<{ Querystring: Query }>(
    '/menu/menu-list',
    { schema: menuListSchema, preHandler: requirePermission('menu/menu-list') },
    async (request) => {
      const list = await menus.list(menuFilters(request.query));
      return success(found(list.length), list, list.length);
    },
  );

  app.get<{ Params: { id: string } }>(
    '/menu/get-menu/:id',
    { schema: getMenuSchema, preHandler: requirePermission('menu/get-menu') },
    async (request, reply) => {
      const menu = await menus.get(menuId(request.params.id));
      void reply.header('etag', etagOf(menu.version));
      return success('Data Found', menu);
    },
  );

  app.post<{ Body: MenuInput }>(
    '/menu/menu-create',
    { schema: menuCreateSchema, attachValidation: true, preHandler: requirePermission('menu/menu-create') },
    async (request, reply) => {
      rejectInvalid(request);
      const input = request.body;
      await assertMenuChangeAllowed(escalation, signedIn(request), undefined, {
        slug: input.menu_slug ?? '',
        status: input.menu_status ?? 1,
        groups: input.permission_group ?? [],
      });
      const menu = await menus.create(input, signedIn(request));
      changed({ groupIds: menu.permission_group });
      menuChanged(menu.menu_id, 'create');
      return reply.code(201).send(success('Data Insert Successfully', menu));
    },
  );

  app.put<{ Params: { id: string }; Body: MenuInput }>(
    '/menu/menu-update/:id',
    { schema: menuUpdateSchema, attachValidation: true, preHandler: requirePermission('menu/menu-update') },
    async (request, reply) => {
      const id = menuId(request.params.id);
      rejectInvalid(request);
      const stored = await menus.get(id);
      const before = stored.permission_group;
      const input = request.body;
      await assertMenuChangeAllowed(escalation, signedIn(request), grantOf(stored), {
        slug: input.menu_slug ?? stored.menu_slug,
        status: input.menu_status ?? stored.menu_status,
        groups: input.permission_group ?? before,
      });
      const menu = await menus.update(id, input, signedIn(request), expectedVersion(request.headers['if-match']));
      changed({ groupIds: [...new Set([...before, ...menu.permission_group])] });
      menuChanged(id, 'update');
      void reply.header('etag', etagOf(menu.version));
      return success('Data Update Successfully', menu);
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/menu/menu-delete/:id',
    { schema: menuDeleteSchema, preHandler: requirePermission('menu/menu-delete') },
    async (request) => {
      const id = menuId(request.params.id);
      const stored = await menus.get(id);
      const before = stored.permission_group;
      await assertMenuChangeAllowed(escalation, signedIn(request), grantOf(stored), undefined);
      const done = await menus.remove(id, signedIn(request), expectedVersion(request.headers['if-match']));
      changed({ groupIds: before });
      menuChanged(id, 'delete');
      return success('Data Delete Successfully', done);
    },
  );

  app.get(
    '/menu/menu-list-user',
    { schema: userMenusSchema("The signed-in user's navigation tree"), preHandler: requireUser },
    async (request) => {
      const tree = await navigationOf(db, await slugsOf(request), shippedNames(ctx.registry));
      return success(found(tree.length), tree, tree.length);
    },
  );

  app.get(
    '/menu/menu-list-shortcut',
    { schema: userMenusSchema("The signed-in user's shortcut menus"), preHandler: requireUser },
    async (request) => {
      const list = await shortcutsOf(db, await slugsOf(request));
      return success(found(list.length), list, list.length);
    },
  );

  app.get(
    '/menu/menu-list-permission',
    { schema: userMenusSchema('The menus the signed-in user may use (the slugs the console checks)'), preHandler: requireUser },
    async (request) => {
      const list = await permissionMenusOf(db, await slugsOf(request));
      return success(found(list.length), list, list.length);
    },
  );

  app.get<{ Querystring: Query }>(
    '/permission/permission-list',
    { schema: permissionListSchema, preHandler: requirePermission('permission/permission-create') },
    async (request, reply) => {
      const q = request.query;
      const group = optionalInt(q.group, 'group');
      const tree = await permissions.groupTree(group, optionalInt(q.menu, 'menu'), optionalInt(q.status, 'status'));
      // The group's set version, for the save's If-Match (the body stays the spec's tree).
      if (group) void reply.header('etag', etagOf(await permissions.groupVersion(group)));
      return success(found(tree.length), tree, tree.length);
    },
  );

  app.get<{ Querystring: Query }>(
    '/permission/permission-list-user',
    { schema: permissionListUserSchema, attachValidation: true, preHandler: requirePermission(USER_PERMISSION_SLUG) },
    async (request, reply) => {
      rejectInvalid(request);
      const q = request.query;
      const user = optionalInt(q.user, 'user') ?? 0;
      if (user) await ctx.crud.stored(ctx.registry.get(usersDescriptor.name), user, signedIn(request));
      const tree = await permissions.userTree(
        user,
        optionalInt(q.group, 'group'),
        optionalInt(q.menu, 'menu'),
        optionalInt(q.status, 'status'),
      );
      if (user) void reply.header('etag', etagOf(await permissions.userVersion(user)));
      return success(found(tree.length), tree, tree.length);
    },
  );

  app.post<{ Body: { permission_data: PermissionChange[]; group_id: number } }>(
    '/permission/permission-create',
    { schema: permissionCreateSchema, attachValidation: true, preHandler: requirePermission('permission/permission-create') },
    async (request, reply) => {
      rejectInvalid(request);
      const { group_id, permission_data } = request.body;
      const viewer = signedIn(request);
      await escalation.assertManagesGroup(viewer, group_id);
      const saved = await permissions.saveGroup(
        group_id,
        permission_data,
        (slugs) => escalation.assertHolds(viewer, slugs, 'These permissions'),
        viewer,
        expectedVersion(request.headers['if-match']),
      );
      changed({ groupIds: [group_id] });
      void reply.header('etag', etagOf(saved.version));
      return success('Permission Update Successfully', { group_id, ...saved });
    },
  );

  app.post<{ Body: { permission_data: PermissionChange[]; user: { user_id: number; user_group?: number } } }>(
    '/permission/permission-create-user',
    { schema: permissionCreateUserSchema, attachValidation: true, preHandler: requirePermission(USER_PERMISSION_SLUG) },
    async (request, reply) => {
      rejectInvalid(request);
      const { user, permission_data } = request.body;
      const viewer = signedIn(request);
      await ctx.crud.stored(ctx.registry.get(usersDescriptor.name), user.user_id, viewer);
      const saved = await permissions.saveUser(
        user.user_id,
        permission_data,
        async (slugs, target) => {
          if (target) await escalation.assertNotAbove(viewer, target);
          await escalation.assertHolds(viewer, slugs, 'These permissions');
        },
        viewer,
        expectedVersion(request.headers['if-match']),
      );
      changed({ userIds: [user.user_id] });
      void reply.header('etag', etagOf(saved.version));
      return success('Permission Update Successfully', { user_id: user.user_id, ...saved });
    },
  );
};
