import { en } from '../../../i18n/en';
import { bn } from '../../../i18n/bn';
import { es } from '../../../i18n/es';
import { my } from '../../../i18n/my';
import serverEn from '../../../i18n/modules/server-messages.en';
import serverBn from '../../../i18n/modules/server-messages.bn';
import serverEs from '../../../i18n/modules/server-messages.es';
import serverMy from '../../../i18n/modules/server-messages.my';
import sheetsEn from '../../../i18n/modules/spreadsheets.en';
import sheetsBn from '../../../i18n/modules/spreadsheets.bn';
import sheetsEs from '../../../i18n/modules/spreadsheets.es';
import sheetsMy from '../../../i18n/modules/spreadsheets.my';
import { mergeMessages, type Messages } from '../../../i18n/merge';
import { LANGUAGES, isLanguage, type Language } from '../../../i18n/languages';
import { serverMessageTranslator, type ServerMessage } from '../../../i18n/server-messages';
import type { Field, ResourceDescriptor } from '../../../resources';

/**
 * The console's own catalogues, read by the server: a spreadsheet is a file, not a screen, so its
 * headers, status words and row messages are written in the user's language here, with the same
 * words the console's screens use.
 */
const catalogues: Record<Language, Messages> = {
  en: mergeMessages(en as unknown as Messages, serverEn, sheetsEn),
  bn: mergeMessages(bn as unknown as Messages, serverBn, sheetsBn),
  es: mergeMessages(es as unknown as Messages, serverEs, sheetsEs),
  my: mergeMessages(my as unknown as Messages, serverMy, sheetsMy),
};

export { LANGUAGES, type Language };
export const languageOf = (raw: unknown): Language => (isLanguage(raw) ? raw : 'en');

function lookup(lang: Language, key: string): string | undefined {
  let node: string | Messages | undefined = catalogues[lang];
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** A catalogue text with its `%{name}` values; the singular of a `||||` plural. */
export function t(lang: Language, key: string, values: Record<string, string | number> = {}): string {
  const text = lookup(lang, key) ?? lookup('en', key) ?? key;
  return (text.split('||||')[0] ?? text).trim().replace(/%\{(\w+)\}/g, (m, name: string) => String(values[name] ?? m));
}

export const fieldLabel = (lang: Language, d: ResourceDescriptor, f: Field): string => {
  const label = lookup(lang, `resources.${d.name}.fields.${f.name}`);
  return label ?? f.name;
};

/** Every header a column is recognised by: its field name and its label in each language. */
export function headerNames(d: ResourceDescriptor, f: Field): string[] {
  return [f.name, ...LANGUAGES.map((lang) => fieldLabel(lang, d, f))];
}

/**
 * The language a file is written in, by its headers: the language whose labels (those no other
 * language shares) name the most columns; a file headed by field names only is in `fallback`, the
 * user's language. Numbers are read by it (numbers.ts).
 */
export function fileLanguage(d: ResourceDescriptor, fields: readonly Field[], header: readonly string[], fallback: Language): Language {
  const norm = (s: string) => s.trim().toLowerCase();
  const given = new Set(header.map(norm));
  let best: Language = fallback;
  let most = 0;
  for (const lang of LANGUAGES) {
    const own = fields.filter((f) => {
      const label = norm(fieldLabel(lang, d, f));
      return label !== norm(f.name) && given.has(label) && LANGUAGES.every((o) => o === lang || norm(fieldLabel(o, d, f)) !== label);
    }).length;
    if (own > most) [best, most] = [lang, own];
  }
  return best;
}

export const statusWord = (lang: Language, value: unknown): string => t(lang, Number(value) === 1 ? 'app.active' : 'app.inactive');

/** The status words of every language (and 1/0), to the stored value. */
export function statusValue(cell: string): 0 | 1 | undefined {
  const v = cell.trim().toLowerCase();
  if (v === '1') return 1;
  if (v === '0') return 0;
  for (const lang of LANGUAGES) {
    if (v === statusWord(lang, 1).toLowerCase()) return 1;
    if (v === statusWord(lang, 0).toLowerCase()) return 0;
  }
  return undefined;
}

// The base catalogue's field messages ('must be a number') and the server's own wording together.
const recognise = serverMessageTranslator(catalogues.en.server as Record<string, unknown>);

/**
 * A server message (written in English) in the user's language, English included, a field named in
 * it shown by its label ('medicine_purchase_price must be a number' -> 'Purchase price must be a
 * number'). `about`, the field a row's problem is listed under: the file and the import dialog put
 * that field's label before the message already, so a message that only names it again is given
 * without it ('es obligatorio', not 'Nombre: es obligatorio' after 'Nombre: ').
 */
export function serverText(lang: Language, d: ResourceDescriptor, text: string, about?: string): string {
  const found = recognise(text);
  if (!found) return text;
  const labelOf = (name: string) => {
    const f = d.fields.find((x) => x.name === name);
    if (f) return fieldLabel(lang, d, f);
    // A rows sub-field: its label sits flat beside the fields.
    return lookup(lang, `resources.${d.name}.fields.${name}`) ?? name;
  };
  const render = (m: ServerMessage): string => {
    const values: Record<string, string> = {};
    for (const [name, v] of Object.entries(m.values)) {
      if (typeof v !== 'string') values[name] = render(v);
      else if (name === 'field') values[name] = labelOf(v);
      else if (name === 'resource') values[name] = lookup(lang, `resources.${v}.name`)?.split('||||')[0]?.trim() ?? v;
      else values[name] = v;
    }
    return t(lang, m.key, values);
  };
  const inner = found.values.message;
  const namesOnlyAbout =
    about !== undefined &&
    (found.key === 'server.field_message' || found.key === 'server.field_colon_message') &&
    found.values.field === about;
  return namesOnlyAbout && inner && typeof inner !== 'string' ? render(inner) : render(found);
}
