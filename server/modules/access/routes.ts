import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { requirePermission, requireUser, signedIn } from '../../plugins/auth';
import { ApiError, success } from '../../http/envelope';
import { refuseInvalid } from '../../http/validation';
import { etagOf, expectedVersion, staleRefusal, versionOf } from '../../crud/versions';
import type { Row } from '../../db/database';
import { USER_PERMISSION_SLUG, users as usersDescriptor } from '../../../resources';
import './menus';
import { groupReader } from './groups';
import { navigationOf, permissionMenusOf, shortcutsOf } from './navigation';
import { shippedNames } from './catalogue';
import { flatten, permissionReader, type PermissionChange, type PermissionEntry } from './permission-read';
import { GROUP_MENUS, USER_MENUS } from './permission-rules';
import {
  optionalInt,
  permissionCreateSchema,
  permissionCreateUserSchema,
  permissionListSchema,
  permissionListUserSchema,
  userMenusSchema,
} from './schemas';

type Query = Record<string, string | undefined>;

/**
 * The signed-in user's menus, and the group and per-user permission trees with their saves (spec
 * 000 section 7). A save is an update of the group or the user through the one service: their
 * `permission_menus` / `user_permissions` link changes in the record's transaction, with a version
 * step (the ETag), the policies' rules (no escalation, the protected slugs) and one trail entry
 * (`permission-change`, the slugs granted and withdrawn). Menus themselves are a declared resource
 * served by the generated routes (resources/menu.ts, ./menu-routes.ts).
 */
export const accessRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  const db = ctx.conn.db;
  const permissions = permissionReader(db, groupReader(db, ctx.registry), shippedNames(ctx.registry));
  const groups = ctx.registry.get('group');
  const users = ctx.registry.get(usersDescriptor.name);
  const slugsOf = (request: FastifyRequest) => ctx.permissions.slugsFor(signedIn(request));
  const found = (n: number) => (n ? 'Data Found' : 'Data Not Found');

  /**
   * A user's set version: their record's and their group's. A change of the group's menus moves
   * what the user's toggles mean (each says "as the group" or differs from it), so it makes a save
   * of the user's set stale too.
   */
  const userSetVersion = async (user: Row) => {
    const group = await ctx.crud.stored(groups, Number(user.user_group)).catch(() => undefined);
    return `${versionOf(user)}~${group ? versionOf(group) : ''}`;
  };

  /** A stale save's 412 carries the set as the console's tree shows it now (active menus) and its version. */
  const refuseStale = (tree: () => Promise<PermissionEntry[]>, version?: () => Promise<string>) => async (err: unknown) => {
    if (err instanceof ApiError && err.statusCode === 412 && typeof err.data === 'object' && err.data !== null) {
      const data = err.data as { record?: Row; version?: string };
      throw new ApiError(412, err.message, undefined, {
        ...data,
        record: await tree(),
        ...(version && { version: await version() }),
      });
    }
    throw err;
  };

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
      // The group's version, for the save's If-Match (the body stays the spec's tree).
      if (group) void reply.header('etag', etagOf(versionOf(await ctx.crud.stored(groups, group, signedIn(request)))));
      return success(found(tree.length), tree, tree.length);
    },
  );

  app.get<{ Querystring: Query }>(
    '/permission/permission-list-user',
    { schema: permissionListUserSchema, attachValidation: true, preHandler: requirePermission(USER_PERMISSION_SLUG) },
    async (request, reply) => {
      refuseInvalid(request);
      const q = request.query;
      const user = optionalInt(q.user, 'user') ?? 0;
      const stored = user ? await ctx.crud.stored(users, user, signedIn(request)) : undefined;
      const tree = await permissions.userTree(
        user,
        optionalInt(q.group, 'group'),
        optionalInt(q.menu, 'menu'),
        optionalInt(q.status, 'status'),
      );
      if (stored) void reply.header('etag', etagOf(await userSetVersion(stored)));
      return success(found(tree.length), tree, tree.length);
    },
  );

  app.post<{ Body: { permission_data: PermissionChange[]; group_id: number } }>(
    '/permission/permission-create',
    { schema: permissionCreateSchema, attachValidation: true, preHandler: requirePermission('permission/permission-create') },
    async (request, reply) => {
      refuseInvalid(request);
      const { group_id, permission_data } = request.body;
      await permissions.requireGroup(group_id, 'group_id');
      const changes = flatten(permission_data);
      await permissions.checkChanges(changes, false);
      // The last word on a menu wins when a payload names it twice.
      const put = Object.fromEntries(changes.map((c) => [String(c.menu_id), c.permission_status === 1 ? 1 : null]));
      const saved = await ctx.crud
        .update(
          groups,
          group_id,
          { fields: { [GROUP_MENUS]: { put } }, files: [] },
          { actor: signedIn(request), expectedVersion: expectedVersion(request.headers['if-match']), reason: 'permission-change' },
        )
        .catch(refuseStale(() => permissions.groupTree(group_id, undefined, 1)));
      const version = versionOf(saved);
      void reply.header('etag', etagOf(version));
      return success('Permission Update Successfully', { group_id, changed: Object.keys(put).length, version });
    },
  );

  app.post<{ Body: { permission_data: PermissionChange[]; user: { user_id: number; user_group?: number } } }>(
    '/permission/permission-create-user',
    { schema: permissionCreateUserSchema, attachValidation: true, preHandler: requirePermission(USER_PERMISSION_SLUG) },
    async (request, reply) => {
      refuseInvalid(request);
      const { user, permission_data } = request.body;
      const viewer = signedIn(request);
      const stored = await ctx.crud.stored(users, user.user_id, viewer);
      const target = await permissions.requireUser(user.user_id, 'user.user_id');
      const tree = () => permissions.userTree(user.user_id, undefined, undefined, 1);
      const now = async () => userSetVersion(await ctx.crud.stored(users, user.user_id));
      // The user's part is checked by the write, under the record's lock; the group's part here.
      const [ownVersion, groupVersion] = (expectedVersion(request.headers['if-match']) ?? '').split('~');
      if (groupVersion !== undefined && `${ownVersion}~${groupVersion}` !== (await userSetVersion(stored)))
        await refuseStale(tree, now)(staleRefusal([], '', await ctx.crud.lastChange('users', user.user_id)));
      const changes = flatten(permission_data);
      await permissions.checkChanges(changes, true);
      // A status equal to the group's needs no entry of the user's own; a reset drops theirs.
      const fromGroup = await permissions.groupGrants(target.user_group);
      const put = Object.fromEntries(
        changes.map((c) => {
          const on = c.permission_status === 1;
          return [String(c.menu_id), c.reset || on === fromGroup.has(c.menu_id) ? null : on ? 1 : 0];
        }),
      );
      await ctx.crud
        .update(
          users,
          user.user_id,
          { fields: { [USER_MENUS]: { put } }, files: [] },
          { actor: viewer, expectedVersion: ownVersion === '' ? undefined : ownVersion, reason: 'permission-change' },
        )
        .catch(refuseStale(tree, now));
      const version = await now();
      void reply.header('etag', etagOf(version));
      return success('Permission Update Successfully', { user_id: user.user_id, changed: Object.keys(put).length, version });
    },
  );
};
