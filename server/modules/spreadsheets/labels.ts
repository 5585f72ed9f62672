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

const recognise = serverMessageTranslator(serverEn.server);

/** A server message (written in English) in the user's language; a field named in it shown by its label. */
export function serverText(lang: Language, d: ResourceDescriptor, text: string): string {
  if (lang === 'en') return text;
  const found = recognise(text);
  if (!found) return text;
  const render = (m: ServerMessage): string => {
    const values: Record<string, string> = {};
    for (const [name, v] of Object.entries(m.values)) {
      if (typeof v !== 'string') values[name] = render(v);
      else if (name === 'field') {
        const f = d.fields.find((x) => x.name === v);
        values[name] = f ? fieldLabel(lang, d, f) : v;
      } else values[name] = v;
    }
    return t(lang, m.key, values);
  };
  return render(found);
}
