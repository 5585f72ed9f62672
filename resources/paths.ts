import { ACTIONS, type Action, type ResourceDescriptor } from './types';

/**
 * Contract paths and permission slugs, derived from the descriptor's API naming the way the spec
 * spells them: `/branch/branch-list/`, `/branch/get-branch/{id}`, `/branch/branch-create`, ...
 * The permission slug of an action is its path without the leading slash and the id
 * (`branch/branch-list`, `doctors/get-doctors`), which is how the menu catalogue names them.
 */
export function apiEntity(d: ResourceDescriptor): string {
  return d.api.entity ?? d.api.prefix;
}

const verb: Record<Action, (entity: string) => string> = {
  list: (e) => `${e}-list`,
  get: (e) => `get-${e}`,
  create: (e) => `${e}-create`,
  update: (e) => `${e}-update`,
  delete: (e) => `${e}-delete`,
};

/** Path of an action without the id segment, e.g. `/doctors/get-doctors`. */
export function actionPath(d: ResourceDescriptor, action: Action): string {
  return `/${d.api.prefix}/${verb[action](apiEntity(d))}`;
}

export function permissionSlug(d: ResourceDescriptor, action: Action): string {
  return actionPath(d, action).slice(1);
}

/**
 * A module's declared action on one record beside the generated ones (a change request's
 * `approve`): `POST /change-request/change-request-approve/{id}`, slug without the `/` and the id.
 */
export function recordActionPath(d: ResourceDescriptor, name: string): string {
  return `/${d.api.prefix}/${apiEntity(d)}-${name}`;
}

export function recordActionSlug(d: ResourceDescriptor, name: string): string {
  return recordActionPath(d, name).slice(1);
}

/**
 * The notification admin's permission slugs (spec 000 section 6). A module, not a descriptor, so
 * they are named here once: for its routes, its screens, and the descriptors whose records its
 * form picks (`lookupBy`).
 */
export const NOTIFICATION_SLUGS = {
  list: 'notification/notification-list',
  get: 'notification/get-notification',
  create: 'notification/notification-create',
  update: 'notification/notification-update',
  delete: 'notification/notification-delete',
} as const;

/** The slug that lets a viewer set a user's own permissions (spec 000 section 6): the access routes and the users screen share it. */
export const USER_PERMISSION_SLUG = 'permission/permission-create-user';

/**
 * Who may look up a resource's records for a select without its list permission: whoever may
 * create or update a record that references it (a users manager chooses a branch, a
 * designation...), whoever may list a resource that filters by it (the users list's group and
 * branch filters, the doctors' department filter), and the holders of its `lookupBy` slugs. A
 * lookup answers only what a select shows (server/crud/lookups.ts).
 */
export function lookupSlugs(all: readonly ResourceDescriptor[], d: ResourceDescriptor): ReadonlySet<string> {
  const refersTo = (x: ResourceDescriptor, filtering: boolean) =>
    x.fields.some(
      (f) => f.kind === 'reference' && f.reference === d.name && (!filtering || f.filter === true || x.listNeedsFilter === f.name),
    );
  const writes = all
    .filter((x) => refersTo(x, false))
    .flatMap((x) =>
      actionsOf(x)
        .filter((a) => a === 'create' || a === 'update')
        .map((a) => permissionSlug(x, a)),
    );
  const filters = all.filter((x) => refersTo(x, true)).map((x) => permissionSlug(x, 'list'));
  return new Set([...writes, ...filters, ...(d.lookupBy ?? [])]);
}

/** The actions a resource offers: a singleton is listed, created once and updated, never deleted. */
export function actionsOf(d: ResourceDescriptor): readonly Action[] {
  return d.singleton ? SINGLETON_ACTIONS : ACTIONS;
}
const SINGLETON_ACTIONS: readonly Action[] = ['list', 'create', 'update'];

/** Actions that take an id in the path. */
export function takesId(action: Action): boolean {
  return action === 'get' || action === 'update' || action === 'delete';
}

export const METHOD: Record<Action, 'GET' | 'POST' | 'PUT' | 'DELETE'> = {
  list: 'GET',
  get: 'GET',
  create: 'POST',
  update: 'PUT',
  delete: 'DELETE',
};
