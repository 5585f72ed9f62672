import type { ResourceRoutes } from '../routes/resource-routes';
import { menu, notification } from '../../resources';
import { usersRoutes } from './users/resource-routes';
import { notificationRoutes } from './notifications/resource-routes';
import { menuRoutes } from './access/menu-routes';
import { changeRequestRoutes } from './approvals/resource-routes';

/**
 * What modules add to the generated routes of their resources, by resource name: one factory
 * (server/routes/crud.ts) serves every resource with one contract.
 */
export const declaredRoutes: ReadonlyMap<string, ResourceRoutes> = new Map([
  ['users', usersRoutes],
  [notification.name, notificationRoutes],
  [menu.name, menuRoutes],
  ['change-request', changeRequestRoutes],
]);

/** Served by the generated routes without a generated screen (not in the registry's list). */
export { servedBesides } from '../../resources';
