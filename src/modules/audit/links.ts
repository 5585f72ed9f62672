import type { Identifier } from 'react-admin';
import type { Registry } from '../../../resources';

/** Screens of records that are not descriptors: where their list and their dialog live. */
const MODULE_SCREENS: Readonly<Record<string, { list: string; record?: (id: Identifier) => string }>> = {
  menu: { list: '/settings/menu-setup' },
  notification: { list: '/notification', record: (id) => `/notification/${String(id)}` },
};

/** The list screen of a resource's records, if the console has one. */
export function listPath(resource: string, registry: Registry): string | undefined {
  const d = registry.find(resource);
  if (d) return `/${d.name}`;
  return MODULE_SCREENS[resource]?.list;
}

/** Where a record opens: its edit dialog over the list, a singleton's page, or the module's screen. */
export function recordPath(resource: string, id: Identifier | null, registry: Registry): string | undefined {
  const d = registry.find(resource);
  if (d?.singleton) return `/${d.name}`;
  if (id === null) return listPath(resource, registry);
  if (d) return `/${d.name}/${String(id)}`;
  const screen = MODULE_SCREENS[resource];
  return screen?.record?.(id) ?? screen?.list;
}

/** The deleted records of a resource. */
export const deletedPath = (resource: string) => `/${resource}/deleted`;
