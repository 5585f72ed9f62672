import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { requirePermission, requireUser, signedIn } from '../../plugins/auth';
import { noEscalation } from '../../auth/no-escalation';
import { notFound, success } from '../../http/envelope';
import { ensureSuperAdminGroup } from '../../startup';
import { USER_PERMISSION_SLUG } from '../../../resources';
import './menus';
import { groupReader } from './groups';
import { guardGroups } from './group-guards';
import { menuService, type MenuInput } from './menu-service';
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

function menuId(raw: string): number {
  const id = Number(raw);
  if (!Number.isSafeInteger(id) || id < 1 || id > 2147483647) throw notFound(`menu ${raw}`);
  return id;
}

/** The menu catalogue, group and per-user permissions, and the signed-in user's menus (spec 000 section 7). */
export const accessRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  const db = ctx.conn.db;
  let superAdmin: number | undefined;
  const superAdminGroup = async () => (superAdmin ??= await ensureSuperAdminGroup(db, ctx.registry));
  const groups = groupReader(db, ctx.registry);
  const menus = menuService(db, groups, superAdminGroup, ctx.conn.dialect);
  const permissions = permissionService(db, groups, superAdminGroup, ctx.conn.dialect);
  const escalation = noEscalation(ctx);
  guardGroups(ctx, superAdminGroup);

  /** Every permission change reaches the affected users on their very next request. */
  const changed = (who: { userIds?: number[]; groupIds?: number[] }) => {
    ctx.permissions.invalidate();
    ctx.events.emit('permissions-changed', who);
  };
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
    async (request) => success('Data Found', await menus.get(menuId(request.params.id))),
  );

  app.post<{ Body: MenuInput }>(
    '/menu/menu-create',
    { schema: menuCreateSchema, attachValidation: true, preHandler: requirePermission('menu/menu-create') },
    async (request, reply) => {
      rejectInvalid(request);
      const menu = await menus.create(request.body);
      changed({ groupIds: menu.permission_group });
      return reply.code(201).send(success('Data Insert Successfully', menu));
    },
  );

  app.put<{ Params: { id: string }; Body: MenuInput }>(
    '/menu/menu-update/:id',
    { schema: menuUpdateSchema, attachValidation: true, preHandler: requirePermission('menu/menu-update') },
    async (request) => {
      const id = menuId(request.params.id);
      rejectInvalid(request);
      const before = await menus.groupsOf(id);
      const menu = await menus.update(id, request.body);
      changed({ groupIds: [...new Set([...before, ...menu.permission_group])] });
      return success('Data Update Successfully', menu);
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/menu/menu-delete/:id',
    { schema: menuDeleteSchema, preHandler: requirePermission('menu/menu-delete') },
    async (request) => {
      const id = menuId(request.params.id);
      const before = await menus.groupsOf(id);
      const done = await menus.remove(id);
      changed({ groupIds: before });
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
    async (request) => {
      const q = request.query;
      const tree = await permissions.groupTree(optionalInt(q.group, 'group'), optionalInt(q.menu, 'menu'), optionalInt(q.status, 'status'));
      return success(found(tree.length), tree, tree.length);
    },
  );

  app.get<{ Querystring: Query }>(
    '/permission/permission-list-user',
    { schema: permissionListUserSchema, attachValidation: true, preHandler: requirePermission(USER_PERMISSION_SLUG) },
    async (request) => {
      rejectInvalid(request);
      const q = request.query;
      const user = optionalInt(q.user, 'user') ?? 0;
      const tree = await permissions.userTree(
        user,
        optionalInt(q.group, 'group'),
        optionalInt(q.menu, 'menu'),
        optionalInt(q.status, 'status'),
      );
      return success(found(tree.length), tree, tree.length);
    },
  );

  app.post<{ Body: { permission_data: PermissionChange[]; group_id: number } }>(
    '/permission/permission-create',
    { schema: permissionCreateSchema, attachValidation: true, preHandler: requirePermission('permission/permission-create') },
    async (request) => {
      rejectInvalid(request);
      const { group_id, permission_data } = request.body;
      const viewer = signedIn(request);
      const count = await permissions.saveGroup(group_id, permission_data, (slugs) =>
        escalation.assertHolds(viewer, slugs, 'These permissions'),
      );
      changed({ groupIds: [group_id] });
      return success('Permission Update Successfully', { group_id, changed: count });
    },
  );

  app.post<{ Body: { permission_data: PermissionChange[]; user: { user_id: number; user_group?: number } } }>(
    '/permission/permission-create-user',
    { schema: permissionCreateUserSchema, attachValidation: true, preHandler: requirePermission(USER_PERMISSION_SLUG) },
    async (request) => {
      rejectInvalid(request);
      const { user, permission_data } = request.body;
      const viewer = signedIn(request);
      const count = await permissions.saveUser(user.user_id, permission_data, async (slugs, target) => {
        if (target) await escalation.assertNotAbove(viewer, target);
        await escalation.assertHolds(viewer, slugs, 'These permissions');
      });
      changed({ userIds: [user.user_id] });
      return success('Permission Update Successfully', { user_id: user.user_id, changed: count });
    },
  );
};
