import { LANGUAGES, createI18nProvider, loadCatalogue, type Language } from '../../../i18n';
import type { Messages } from '../../../i18n/merge';
import { descriptors } from '../../../resources';
import { choiceKey } from '../../../src/fields/ChoiceText';

/** `a.b.c` → text, as polyglot sees a catalogue. */
function flatten(messages: Messages, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(messages)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/%\{(\w+)\}/g)].map((m) => m[1]).sort();
// The whole English catalogue, the server's wording included (it loads after the first screen).
const english = flatten(await loadCatalogue('en'));
const others = LANGUAGES.filter((l): l is Exclude<Language, 'en'> => l !== 'en');

/** Module catalogues on disk, by language: `{ users: { en: {...}, bn: {...} } }`. */
const moduleFiles = import.meta.glob<{ default: Messages }>('../../../i18n/modules/*.ts', { eager: true });
const modules = new Map<string, Partial<Record<Language, Messages>>>();
for (const [file, mod] of Object.entries(moduleFiles)) {
  const m = /\/([\w-]+)\.(en|bn|es|my)\.ts$/.exec(file);
  if (!m?.[1] || !m[2]) continue;
  modules.set(m[1], { ...modules.get(m[1]), [m[2]]: mod.default });
}

describe('catalogue completeness', () => {
  it('English has the labels the console needs (sanity: the comparison below is not empty)', () => {
    expect(english.size).toBeGreaterThan(400);
    expect(english.get('server.data_insert_successfully')).toBe('Data Insert Successfully');
  });

  it('labels every choice of every descriptor (choices show in the current language)', () => {
    const missing = descriptors.flatMap((d) =>
      d.fields
        .flatMap((f) => (f.kind === 'choice' ? f.choices.map((c) => choiceKey(d.name, f.name, c)) : []))
        .filter((k) => !english.has(k)),
    );
    expect(missing).toEqual([]);
  });

  it.each(others)('%s has every key English has, and no key English lacks', async (language) => {
    const catalogue = flatten(await loadCatalogue(language));
    expect([...english.keys()].filter((k) => !catalogue.has(k))).toEqual([]);
    expect([...catalogue.keys()].filter((k) => !english.has(k))).toEqual([]);
  });

  it.each(others)('%s keeps every placeholder of the English text (%{name}, smart_count forms)', async (language) => {
    const catalogue = flatten(await loadCatalogue(language));
    const wrong: string[] = [];
    for (const [key, text] of english) {
      const translated = catalogue.get(key);
      if (translated === undefined) continue;
      if (placeholders(translated).join() !== placeholders(text).join()) wrong.push(key);
      if (text.includes('||||') !== translated.includes('||||')) wrong.push(`${key} (plural forms)`);
    }
    expect(wrong).toEqual([]);
  });

  it.each(others)('%s is a translation, not a copy of the English', async (language) => {
    const catalogue = flatten(await loadCatalogue(language));
    const same = [...english].filter(([key, text]) => text.trim().length > 3 && catalogue.get(key) === text).map(([key]) => key);
    // Names of languages, brands, codes and the version read the same everywhere; little else may.
    expect(same.length / english.size).toBeLessThan(0.05);
  });

  it('every feature module has its catalogue in all four languages, with the same keys', () => {
    const problems: string[] = [];
    for (const [name, byLanguage] of modules) {
      const reference = byLanguage.en;
      if (!reference) {
        problems.push(`${name}: no English catalogue`);
        continue;
      }
      const keys = [...flatten(reference).keys()];
      for (const language of others) {
        const catalogue = byLanguage[language];
        if (!catalogue) {
          problems.push(`${name}.${language}.ts missing`);
          continue;
        }
        const flat = flatten(catalogue);
        for (const k of keys) if (!flat.has(k)) problems.push(`${name}.${language}: ${k}`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('the i18n provider', () => {
  it('starts in English and loads another language on demand', async () => {
    const provider = createI18nProvider();
    expect(provider.getLocale()).toBe('en');
    expect(provider.translate('ra.action.save')).toBe('Save');
    await provider.changeLocale('bn');
    expect(provider.getLocale()).toBe('bn');
    expect(provider.translate('ra.action.save')).toBe('সংরক্ষণ');
    expect(provider.translate('app.records', { smart_count: 3 })).toBe('3টি রেকর্ড');
  });

  it("shows the server's English wording in the current language, values included", async () => {
    const provider = createI18nProvider();
    expect(provider.translate('Data Insert Successfully')).toBe('Data Insert Successfully');
    // English too names a field by its label, from the first screen (the base catalogue has the shape).
    expect(provider.translate('branch_email must be an e-mail address')).toBe('Email must be an e-mail address');
    await provider.changeLocale('es');
    expect(provider.translate('Data Insert Successfully')).toBe('Datos insertados correctamente');
    expect(provider.translate('Password Not Matched!')).toBe('¡Las contraseñas no coinciden!');
    expect(provider.translate('must be at most 50 characters')).toBe('debe tener como máximo 50 caracteres');
    // A field is named by its label, never its column (the rows sub-field of education's list).
    expect(provider.translate('row 2: degree_name is required')).toBe('fila 2: Titulación es obligatorio');
    expect(provider.translate('branch_email must be an e-mail address')).toBe(
      'Correo electrónico: debe ser una dirección de correo electrónico',
    );
    // A name no entity has stays as it is.
    expect(provider.translate('not_a_column must be an e-mail address')).toBe('not_a_column: debe ser una dirección de correo electrónico');
    // A placeholder used twice must match the same value both times.
    expect(provider.translate('must be between -9 and 9')).toBe('debe estar entre -9 y 9');
    expect(provider.translate('must be between -9 and 8')).toBe('must be between -9 and 8');
    // Unknown server texts pass through unchanged; ordinary keys are untouched.
    expect(provider.translate('Something unheard of')).toBe('Something unheard of');
    expect(provider.translate('app.save')).toBe('Guardar');
  });

  it('falls back to the `_` default for a missing key instead of throwing', () => {
    expect(createI18nProvider().translate('resources.nowhere.fields.thing', { _: 'Thing' })).toBe('Thing');
  });
});
