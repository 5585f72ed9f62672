import type { MenuDeclaration } from '../access';
import type { Registry } from '../../../resources';
import { exportable, exportSlug, importable, importSlug } from '../../../resources/spreadsheets';

const title = (name: string) => name.replace(/[-_]+/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());

/**
 * A permission per resource to export its list and one to import into it (template, dry run,
 * commit, undo). They sit under an entry of their own, not under each resource's menu group, so
 * they never depend on which groups a registry declares.
 */
export const spreadsheetMenus = (registry: Registry): MenuDeclaration[] => [
  { slug: 'spreadsheets', name: 'Spreadsheets', position: 96, visible: false },
  ...registry.all.flatMap((d, i) => [
    ...(exportable(d)
      ? [
          {
            slug: exportSlug(d),
            name: `${title(d.name)} Export`,
            parent: 'spreadsheets',
            position: 2 * i + 1,
            visible: false,
            method: 'get' as const,
          },
        ]
      : []),
    ...(importable(d)
      ? [
          {
            slug: importSlug(d),
            name: `${title(d.name)} Import`,
            parent: 'spreadsheets',
            position: 2 * i + 2,
            visible: false,
            method: 'post' as const,
          },
        ]
      : []),
  ]),
];
