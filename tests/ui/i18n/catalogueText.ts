import type { I18nProvider } from 'react-admin';
import { createI18nProvider, en, loadServerMessages } from '../../../i18n';
import type { Messages } from '../../../i18n/merge';
import { serverMessageTranslator } from '../../../i18n/server-messages';
import { listHandlers } from '../../msw/contract';
import type { Registry, ResourceDescriptor } from '../../../resources';
import { samplesByResource } from '../../../resources/generated/samples';

/** Private-use characters around every text that came from the catalogue. */
const START = '\uE000';
const END = '\uE001';

function keysOf(messages: Messages, prefix = '', out = new Set<string>()): Set<string> {
  for (const [key, value] of Object.entries(messages)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.add(path);
    else keysOf(value, path, out);
  }
  return out;
}

/**
 * The console's real translator, except that a text is wrapped in markers when (and only when)
 * its key is in the catalogue or it is server wording the catalogue knows. A label react-admin
 * made up (a humanised field name, an `_` default) comes out unmarked, and so fails the check.
 */
// The server's wording loads after the first screen in the console; here, before any test.
const serverWording = (await loadServerMessages()) as unknown as { server: Record<string, unknown> };

export function markingI18nProvider(): I18nProvider {
  const base = createI18nProvider();
  const keys = keysOf(en as unknown as Messages);
  const fromServer = serverMessageTranslator(serverWording.server);
  return {
    ...base,
    // The switchers' language names are `languages.*` catalogue texts too.
    getLocales: () => (base.getLocales?.() ?? []).map((l) => ({ ...l, name: `${START}${l.name}${END}` })),
    translate: (key, options) => {
      const text = base.translate(key, options);
      return keys.has(key) || fromServer(key) ? `${START}${text}${END}` : text;
    },
  };
}

/** Digits, punctuation and symbols alone say nothing in any language (serials, "1-10", " *", the zero-width space MUI puts in empty labels). */
const neutral = /^[\s\p{N}\p{P}\p{S}\p{Cf}]*$/u;

/**
 * Every text the user can see or hear (text nodes; aria-label, title, placeholder, alt) that is
 * neither from the catalogue nor a data value the server sent. Marked segments are removed
 * innermost first, as translations nest (`New %{name}` with a translated name).
 */
export function untranslatedTexts(root: HTMLElement, data: readonly string[]): string[] {
  const problems = new Set<string>();
  const check = (raw: string, where: string) => {
    let text = raw;
    for (let before = ''; before !== text;) {
      before = text;
      text = text.replace(/\uE000[^\uE000\uE001]*\uE001/g, ' ');
    }
    const rest = text.trim();
    if (neutral.test(rest)) return;
    if (data.some((value) => value.includes(rest))) return;
    problems.add(`${where}: ${JSON.stringify(rest)}`);
  };
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (parent && ['SCRIPT', 'STYLE', 'NOSCRIPT'].includes(parent.tagName)) continue;
    check(node.textContent ?? '', `text in <${parent?.tagName.toLowerCase() ?? '?'}>`);
  }
  for (const element of root.querySelectorAll('*')) {
    for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
      const value = element.getAttribute(name);
      if (value) check(value, `${name} of <${element.tagName.toLowerCase()}>`);
    }
  }
  return [...problems];
}

/** Every string in a JSON value (the data the msw handlers answer with). */
export function stringsOf(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (typeof value === 'number') out.push(String(value));
  else if (Array.isArray(value)) for (const v of value) stringsOf(v, out);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) stringsOf(v, out);
  return out;
}

/** One record per resource from its descriptor's first seed sample (pictures left empty). */
export function sampleRow(d: ResourceDescriptor, registry: Registry): Record<string, unknown> {
  const seed: Record<string, unknown> = samplesByResource[d.name]?.[0] ?? {};
  const row: Record<string, unknown> = { [d.idField]: 1 };
  for (const f of d.fields) {
    const value = seed[f.name];
    switch (f.kind) {
      case 'image':
        row[f.name] = '';
        break;
      case 'imageList':
        row[f.name] = [];
        break;
      case 'reference': {
        const target = registry.get(f.reference);
        row[f.name] = 1;
        row[f.embedAs] = { [target.idField]: 1, [target.titleField]: sampleRow(target, registry)[target.titleField] };
        break;
      }
      case 'status':
        row[f.name] = 1;
        break;
      case 'date':
        row[f.name] = typeof value === 'string' && /^\d{4}/.test(value) ? value : '2024-01-15';
        break;
      case 'datetime':
        row[f.name] = typeof value === 'string' && /^\d{4}/.test(value) ? value : '2024-01-15 10:30:00';
        break;
      case 'integer':
      case 'money':
        row[f.name] = typeof value === 'number' ? value : 12;
        break;
      case 'choice':
        row[f.name] = typeof value === 'string' ? value : f.choices[0];
        break;
      default:
        row[f.name] = value ?? (f.kind === 'rows' ? [] : '');
    }
  }
  return row;
}

/** List and get handlers for every resource, and the strings they answer with. */
export function allResources(registry: Registry) {
  const rows = new Map(registry.all.map((d) => [d.name, sampleRow(d, registry)]));
  return {
    rows,
    handlers: registry.all.flatMap((d) => listHandlers(d, [rows.get(d.name) ?? {}])),
    data: stringsOf([...rows.values()]),
  };
}
