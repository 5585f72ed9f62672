import type { AppContext } from '../context';
import type { CrudGuards } from '../crud/service';

/**
 * A module's policy for one resource, declared beside the module's other files and listed once
 * in ./policies.ts. The app builds each with its context and hands them all to the service before
 * the first write (`crud.adopt`), so a rule holds on every path (routes, bulk actions, imports,
 * restore, undelete, account actions) whether or not any route of the module is registered.
 */
export interface PolicyDeclaration {
  resource: string;
  build(ctx: AppContext): CrudGuards;
}
