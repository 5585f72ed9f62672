import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '../../../i18n/languages';
import { createRegistry, permissionSlug, registry, type ResourceDescriptor } from '../../../resources';
import { ICON_NAMES } from '../../../resources/icons';
import * as generatedBn from '../../../resources/generated/labels.bn';
import * as generatedEn from '../../../resources/generated/labels.en';
import * as generatedEs from '../../../resources/generated/labels.es';
import * as generatedMy from '../../../resources/generated/labels.my';
import { RESOURCES, entityMessages, loadEntities } from '../../../scripts/entities';
import { iconOf, knownIcon } from '../../../src/icons';

/**
 * "An entity is one folder" (docs/adding-an-entity.md): resources/<entity>/ holds its descriptor
 * with its icon, and its words and menu labels in the four languages; nothing of it lives elsewhere.
 */
const GENERATED: Record<Language, { menu: object; menus: object; resources: object }> = {
  en: generatedEn,
  bn: generatedBn,
  es: generatedEs,
  my: generatedMy,
};

const entities = await loadEntities();
const groups = [...new Set(registry.all.map((d) => d.menu.group))];
const listSlugs = registry.all.map((d) => permissionSlug(d, 'list'));

describe('an entity folder', () => {
  it('holds, for every registered descriptor, its index.ts and labels in the four languages with a menu label', () => {
    for (const d of registry.all) {
      const folder = path.join(RESOURCES, d.name);
      expect(fs.existsSync(path.join(folder, 'index.ts')), `${d.name}/index.ts`).toBe(true);
      const entity = entities.find((e) => e.name === d.name);
      for (const lang of LANGUAGES) {
        expect(fs.existsSync(path.join(folder, `labels.${lang}.ts`)), `${d.name}/labels.${lang}.ts`).toBe(true);
        expect(entity?.labels[lang]?.default.menu.trim(), `${d.name}/labels.${lang}.ts menu`).toEqual(expect.stringMatching(/\S/));
      }
    }
  });

  it('names each menu group once, in one folder, in every language', () => {
    for (const lang of LANGUAGES) {
      const named = entities.filter((e) => e.labels[lang]?.menuGroup !== undefined).map((e) => e.descriptor.menu.group);
      expect([...named].sort(), lang).toEqual([...groups].sort());
    }
  });

  it('gives the console catalogue its menu labels through the generated lists, and only there', async () => {
    for (const lang of LANGUAGES) {
      const { menu, menus, resources } = entityMessages(entities, lang);
      const generated = GENERATED[lang];
      expect({ menu: generated.menu, menus: generated.menus, resources: generated.resources }, lang).toEqual({ menu, menus, resources });
      expect(Object.keys(menus).sort(), lang).toEqual([...groups, ...listSlugs].sort());
      // The feature modules' menu catalogue keeps no entity's words (they would shadow or go stale).
      const modules = ((await import(`../../../i18n/modules/menus.${lang}.ts`)) as { default: { menus: Record<string, string> } }).default;
      const strays = Object.keys(modules.menus).filter((slug) => groups.includes(slug) || listSlugs.includes(slug));
      expect(strays, `i18n/modules/menus.${lang}.ts`).toEqual([]);
    }
  });

  it('names an icon the console has, shown as itself, not a stand-in', () => {
    for (const d of registry.all) {
      expect(knownIcon(d.menu.icon), `${d.name}: ${d.menu.icon}`).toBeDefined();
      expect(iconOf(d.menu.icon), d.name).toBe(knownIcon(d.menu.icon));
    }
    for (const name of ICON_NAMES) expect(knownIcon(name), name).toBeDefined();
    expect(knownIcon('People')).toBeDefined();
  });

  it('is refused by the registry when loaded at run time with an unknown icon', () => {
    const users = registry.get('users');
    // A folder loaded at run time is plain data: the registry checks what the type cannot.
    const unknown = { ...users, menu: { ...users.menu, icon: 'Telescope' } } as unknown as ResourceDescriptor;
    expect(() => createRegistry(registry.all.map((d) => (d.name === 'users' ? unknown : d)))).toThrow(
      /descriptor "users": menu.icon "Telescope" is not an icon/,
    );
  });
});
