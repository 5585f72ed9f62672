import type { ComponentType, ReactElement } from 'react';
import type { ScreenExtensions } from '../screens/extensions';
import type { RowActionExtensions } from '../screens/row-action-extensions';
import type { FieldRulesAnswer } from '../screens/field-rules';

/**
 * A console feature beyond the generated screens. Each module lists its routes (inside the layout,
 * or bare like the sign-in pages) and what it adds to the shell; `App.tsx` mounts them all and
 * passes the list down (src/modules-context.tsx). Kept apart from the list itself
 * (src/modules/index.tsx) so a module can name its own type without importing every other module.
 * Route elements need a `key`.
 */
export interface ConsoleModule {
  name: string;
  routes?: readonly ReactElement[];
  noLayoutRoutes?: readonly ReactElement[];
  /** Small components the app bar shows beside the user menu (the notification bell, ...). */
  appBarItems?: readonly ComponentType[];
  /** Entries of the profile (user) menu, shown in this order after the built-in ones. */
  userMenuItems?: readonly ComponentType[];
  /** Additions to descriptors' generated screens, by resource name (see src/screens/extensions.tsx). */
  screens?: ScreenExtensions;
  /** Extra per-row buttons on generated lists, by resource name (see src/screens/row-action-extensions.tsx). */
  rowActions?: RowActionExtensions;
  /**
   * A hook answering the signed-in user's field rules (see src/screens/field-rules.ts), which every
   * generated screen applies; undefined while unknown. One module declares it (field-rules).
   */
  useFieldRules?: () => FieldRulesAnswer | undefined;
  /**
   * A hook answering the ids (as text) of a resource's records with an open change request, which
   * the generated screens mark "Pending review"; undefined while unknown. One module declares it
   * (approvals).
   */
  usePendingRecords?: (resource: string) => ReadonlySet<string> | undefined;
}
