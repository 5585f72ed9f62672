import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { LANGUAGES, type Language } from '../i18n/languages';
import { permissionSlug } from '../resources/paths';
import type { ResourceDescriptor } from '../resources/types';
import type { ResourceLabels } from '../resources/labels';
import type { Sample } from '../resources/sample';

/**
 * Entity folders: every folder of resources/ holding an `index.ts` is an entity. Its index's default
 * export is the descriptor (with its icon's name, `menu.icon`); beside it `labels.<lang>.ts` (its
 * words in each language, its menu entry's label among them, and its menu group's name in one
 * entity of each group) and, if it has any, `samples.ts` (demo records seeded at first start,
 * server-only). docs/adding-an-entity.md describes the folder.
 *
 * The console (Vite), the server's bundle (esbuild), the server under tsx and the tests (vitest) must
 * all see the same list, and none of them shares a way to list a folder at build time. So this
 * script writes the list once, as plain modules in resources/generated/ that every tool reads
 * alike: `npm run entities` after adding or removing a folder (the build runs it too, and a unit
 * test fails while the written list is not the folders'). The same lists keep the other languages'
 * words in their own chunks and the samples out of the console's code.
 *
 * `loadEntities` is the discovery itself, usable at run time too: a test builds a registry from
 * resources/ plus a folder of its own.
 */
export const ROOT = path.resolve(import.meta.dirname, '..');
export const RESOURCES = path.join(ROOT, 'resources');
export const GENERATED = path.join(RESOURCES, 'generated');

interface LabelsModule {
  default: ResourceLabels;
  /** The name of the descriptor's menu group (said by one entity of the group). */
  menuGroup?: string;
}

export interface Entity {
  /** The folder's name, which is the descriptor's name. */
  name: string;
  dir: string;
  descriptor: ResourceDescriptor;
  labels: Partial<Record<Language, LabelsModule>>;
  samples?: readonly Sample[];
}

/** The names of a folder's entity folders (sub-folders with an index.ts), sorted. */
export function entityFolders(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && fs.existsSync(path.join(dir, e.name, 'index.ts')))
    .map((e) => e.name)
    .sort();
}

const load = <T>(file: string): Promise<T> => import(pathToFileURL(file).href) as Promise<T>;

/** Menu order: `menu.position` (50 when not given, like the menu catalogue), then the name. */
export function inMenuOrder<T extends { descriptor: ResourceDescriptor; name: string }>(list: readonly T[]): T[] {
  const position = (e: T) => e.descriptor.menu.position ?? 50;
  return [...list].sort((a, b) => position(a) - position(b) || a.name.localeCompare(b.name));
}

/** Every entity of the given folders, in menu order. */
export async function loadEntities(dirs: readonly string[] = [RESOURCES]): Promise<Entity[]> {
  const out: Entity[] = [];
  for (const dir of dirs) {
    for (const name of entityFolders(dir)) {
      const folder = path.join(dir, name);
      const descriptor = (await load<{ default?: ResourceDescriptor }>(path.join(folder, 'index.ts'))).default;
      if (!descriptor) throw new Error(`${folder}/index.ts has no default export (the descriptor)`);
      if (descriptor.name !== name) throw new Error(`${folder}: the descriptor is named "${descriptor.name}", not after its folder`);
      const labels: Entity['labels'] = {};
      for (const lang of LANGUAGES) {
        const file = path.join(folder, `labels.${lang}.ts`);
        if (fs.existsSync(file)) labels[lang] = await load<LabelsModule>(file);
      }
      const samplesFile = path.join(folder, 'samples.ts');
      const samples = fs.existsSync(samplesFile) ? (await load<{ default: readonly Sample[] }>(samplesFile)).default : undefined;
      out.push({ name, dir: folder, descriptor, labels, samples });
    }
  }
  return inMenuOrder(out);
}

/**
 * The catalogue part of one language, as the generated module has it: `menu.<group>` (the group's
 * name, for the breadcrumb), `menus.<slug>` (the navigation's and permission trees' labels of the
 * menus the catalogue writes: the group's entry and the entity's list entry) and `resources.<entity>`.
 */
export function entityMessages(entities: readonly Entity[], lang: Language) {
  const menu: Record<string, string> = {};
  const menus: Record<string, string> = {};
  const resources: Record<string, ResourceLabels> = {};
  for (const e of entities) {
    const m = e.labels[lang];
    if (!m) continue;
    resources[e.name] = m.default;
    menus[permissionSlug(e.descriptor, 'list')] = m.default.menu;
    if (m.menuGroup === undefined) continue;
    const group = e.descriptor.menu.group;
    if (group in menu) throw new Error(`two entities name the "${group}" menu group in labels.${lang}.ts (keep one)`);
    menu[group] = m.menuGroup;
    menus[group] = m.menuGroup;
  }
  return { menu, menus, resources };
}

const variable = (name: string) => name.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
const key = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : `'${name}'`);
const entry = (name: string, value: string) => (key(name) === value ? value : `${key(name)}: ${value}`);
const HEADER = '// Written by scripts/entities.ts (`npm run entities`) from the entity folders of resources/: do not edit.\n';

/** resources/generated/*.ts for these entities, by file name. */
export function generatedModules(entities: readonly Entity[]): Record<string, string> {
  const files: Record<string, string> = {};
  files['descriptors.ts'] =
    HEADER +
    entities.map((e) => `import ${variable(e.name)} from '../${e.name}';\n`).join('') +
    "\n/** Every entity folder's descriptor, in menu order (`menu.position`, then the name). */\n" +
    `export const entityDescriptors = [${entities.map((e) => variable(e.name)).join(', ')}] as const;\n`;
  for (const lang of LANGUAGES) {
    const withLabels = entities.filter((e) => e.labels[lang]);
    entityMessages(entities, lang); // refuses a menu group named twice
    const imports = withLabels.map((e) => {
      const v = variable(e.name);
      const menu = e.labels[lang]?.menuGroup === undefined ? '' : `, { menuGroup as ${v}Group }`;
      return `import ${v}${menu} from '../${e.name}/labels.${lang}';\n`;
    });
    const groups = withLabels
      .filter((e) => e.labels[lang]?.menuGroup !== undefined)
      .map((e) => entry(e.descriptor.menu.group, `${variable(e.name)}Group`));
    const entries = withLabels.map((e) => entry(permissionSlug(e.descriptor, 'list'), `${variable(e.name)}.menu`));
    files[`labels.${lang}.ts`] =
      HEADER +
      imports.join('') +
      '\n/** Names of the menu groups. */\n' +
      `export const menu = { ${groups.join(', ')} };\n` +
      "\n/** The labels of the menus the catalogue writes for the entities (`menus.<slug>`): each group's and each list's. */\n" +
      `export const menus = { ${[...groups, ...entries].join(', ')} };\n` +
      "\n/** Each entity's `resources.<entity>` words. */\n" +
      `export const resources = { ${withLabels.map((e) => entry(e.name, variable(e.name))).join(', ')} };\n`;
  }
  const withSamples = entities.filter((e) => e.samples);
  files['samples.ts'] =
    HEADER +
    "import type { Sample } from '../sample';\n" +
    withSamples.map((e) => `import ${variable(e.name)} from '../${e.name}/samples';\n`).join('') +
    '\n/** Sample records by entity, seeded at first start; server-only (the console never imports this file). */\n' +
    'export const samplesByResource: Readonly<Record<string, readonly Sample[]>> = {\n' +
    withSamples.map((e) => `  ${entry(e.name, variable(e.name))},\n`).join('') +
    '};\n';
  return files;
}

/** The generated modules, formatted as the repository formats its code. */
export async function renderGenerated(entities: readonly Entity[]): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const [name, text] of Object.entries(generatedModules(entities))) {
    const file = path.join(GENERATED, name);
    const options = (await resolveConfig(file)) ?? {};
    out[name] = await format(text, { ...options, filepath: file });
  }
  return out;
}

/** Writes resources/generated/ (only the files whose text changed); the names written. */
export async function writeGenerated(): Promise<string[]> {
  const files = await renderGenerated(await loadEntities());
  fs.mkdirSync(GENERATED, { recursive: true });
  const written: string[] = [];
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(GENERATED, name);
    if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === text) continue;
    fs.writeFileSync(`${file}.tmp`, text);
    fs.renameSync(`${file}.tmp`, file);
    written.push(name);
  }
  return written;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const written = await writeGenerated();
  console.log(written.length ? `resources/generated: wrote ${written.join(', ')}` : 'resources/generated: up to date');
}
