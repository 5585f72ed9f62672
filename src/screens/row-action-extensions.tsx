import { createContext, useContext, type ComponentType } from 'react';
import { useCanAccessResources } from 'react-admin';
import { useStoredAccessResources } from '../storedAnswers';

/**
 * Extra per-row buttons a feature module adds to a generated list (the group list's permission
 * button), shown before edit and delete to users holding `slug`. Modules declare them in their
 * ConsoleModule's `rowActions`; the list stays generated, never forked. The component reads the
 * row from react-admin's record context.
 */
export interface RowActionExtension {
  name: string;
  /** Permission slug the button needs (the server checks it too). */
  slug: string;
  component: ComponentType;
}

/** Resource name -> its extra row actions. */
export type RowActionExtensions = Readonly<Record<string, readonly RowActionExtension[]>>;

const RowActionsContext = createContext<RowActionExtensions>({});
export const RowActionsProvider = RowActionsContext.Provider;

export function mergeRowActions(list: readonly (RowActionExtensions | undefined)[]): RowActionExtensions {
  const out: Record<string, RowActionExtension[]> = {};
  for (const m of list) for (const [resource, actions] of Object.entries(m ?? {})) out[resource] = [...(out[resource] ?? []), ...actions];
  return out;
}

const NONE: readonly RowActionExtension[] = [];

/** The extra row actions of a resource that the signed-in user may use (canAccess on each slug). */
export function useRowActionExtensions(resource: string): readonly RowActionExtension[] {
  const all = useContext(RowActionsContext)[resource] ?? NONE;
  const { canAccess } = useCanAccessResources(useStoredAccessResources({ action: 'list', resources: all.map((a) => a.slug) }));
  if (!all.length || !canAccess) return NONE;
  return all.filter((a) => canAccess[a.slug]);
}
