import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider, TranslationMessages } from 'react-admin';
import { en as base } from './en';
import { mergeMessages, type Messages } from './merge';
import { fieldOwners, renderServerMessage, serverMessageTranslator } from './server-messages';

import { LANGUAGES, isLanguage, type Language } from './languages';

export { LANGUAGES, isLanguage, type Language };

interface Module {
  default: Messages;
}
const defaults = (modules: Record<string, Module>) => Object.values(modules).map((m) => m.default);

/**
 * Feature modules' English messages (`modules/<module>.en.ts`), merged into the catalogue, but for
 * the server's own wording (`server-messages.en.ts`): an English console shows a server text as it
 * comes, so that catalogue is needed only to recognise a server text in another language. It
 * loads with the first other language the console switches to (`loadServerMessages`), never in an
 * English-only session, keeping the first visit small.
 */
const englishModules = defaults(
  import.meta.glob<Module>(
    [
      './modules/*.en.ts',
      '!./modules/server-messages.en.ts',
      '!./modules/spreadsheets.en.ts',
      '!./modules/explain.en.ts',
      '!./modules/second-factor.en.ts',
      '!./modules/conflicts.en.ts',
      '!./modules/audit.en.ts',
      '!./modules/accounts.en.ts',
      '!./modules/access.en.ts',
    ],
    { eager: true },
  ),
);

export const en = mergeMessages(base as unknown as Messages, ...englishModules) as unknown as typeof base;

let serverEnglish: Promise<Messages> | undefined;
/** The console's translators, told when the server's wording arrives (see createI18nProvider). */
const serverWordingArrived = new Set<(full: Messages) => void>();
/** The English catalogue with the server's wording (every language's recogniser is built from it). */
export function loadServerMessages(): Promise<Messages> {
  serverEnglish ??= import('./modules/server-messages.en').then((m) => {
    const full = mergeMessages(en as unknown as Messages, m.default, ...toolEnglish);
    loaded.set('en', full);
    for (const tell of serverWordingArrived) tell(full);
    return full;
  });
  return serverEnglish;
}

/**
 * The other languages load on demand: their base catalogue and their modules' catalogues are
 * separate chunks, fetched the first time the language is chosen (import.meta.glob patterns must
 * be literal, hence one line per language).
 */
const lazyCatalogues: Record<Exclude<Language, 'en'>, () => Promise<Messages[]>> = {
  bn: () =>
    load(
      import('./bn').then((m) => m.bn),
      import.meta.glob<Module>('./modules/*.bn.ts'),
    ),
  es: () =>
    load(
      import('./es').then((m) => m.es),
      import.meta.glob<Module>('./modules/*.es.ts'),
    ),
  my: () =>
    load(
      import('./my').then((m) => m.my),
      import.meta.glob<Module>('./modules/*.my.ts'),
    ),
};

function load(catalogue: Promise<object>, modules: Record<string, () => Promise<Module>>): Promise<Messages[]> {
  return Promise.all([catalogue as Promise<Messages>, ...Object.values(modules).map((m) => m().then((x) => x.default))]);
}

const loaded = new Map<Language, Messages>([['en', en as unknown as Messages]]);

/**
 * English catalogues of tools opened from a screen (the spreadsheets' export and import, the access
 * explainer, the second factor's screens, the conflict notices and dialog, the audit trail's screens,
 * the account pages: profile, passwords; menu setup and the permission trees),
 * not part of the shell: they load when the tool does (`loadToolMessages`) and are merged into the English
 * catalogue then; the other languages carry them in their own chunks already.
 */
const toolCatalogues = {
  spreadsheets: () => import('./modules/spreadsheets.en'),
  explain: () => import('./modules/explain.en'),
  'second-factor': () => import('./modules/second-factor.en'),
  conflicts: () => import('./modules/conflicts.en'),
  audit: () => import('./modules/audit.en'),
  accounts: () => import('./modules/accounts.en'),
  access: () => import('./modules/access.en'),
};
const toolEnglish: Messages[] = [];
const toolsLoaded = new Map<keyof typeof toolCatalogues, Promise<void>>();
/** What tells the console's translator that the English catalogue grew (see createI18nProvider). */
const englishGrew = new Set<() => Promise<void>>();

export type ToolCatalogue = keyof typeof toolCatalogues;

const toolsReady = new Set<ToolCatalogue>();
/** Whether a tool's English words are in the catalogue already (its screens can show at once). */
export const toolMessagesReady = (tool: ToolCatalogue): boolean => toolsReady.has(tool);

export function loadToolMessages(tool: ToolCatalogue): Promise<void> {
  let done = toolsLoaded.get(tool);
  if (!done) {
    done = toolCatalogues[tool]().then(async (m) => {
      toolEnglish.push(m.default);
      const current = loaded.get('en');
      if (current) loaded.set('en', mergeMessages(current, m.default));
      await Promise.all([...englishGrew].map((tell) => tell()));
      toolsReady.add(tool);
    });
    toolsLoaded.set(tool, done);
  }
  return done;
}

/** One language's whole catalogue (base plus every module, the tools' too), loaded once. */
export async function loadCatalogue(language: Language): Promise<Messages> {
  const ready = loaded.get(language);
  if (language === 'en') {
    await Promise.all([
      loadServerMessages(),
      ...Object.keys(toolCatalogues).map((t) => loadToolMessages(t as keyof typeof toolCatalogues)),
    ]);
    return loaded.get('en') ?? loadServerMessages();
  }
  if (ready) return ready;
  const [messages] = await Promise.all([lazyCatalogues[language]().then((all) => mergeMessages(...all)), loadServerMessages()]);
  loaded.set(language, messages);
  return messages;
}

/** Locales offered in a switcher, each named in its own language. */
export const locales = LANGUAGES.map((locale) => ({ locale, name: en.languages[locale] }));

/**
 * Creates the console's translator. It starts in English (loaded eagerly); react-admin switches
 * it to the stored language before the first render (its store's `locale` is the `language`
 * preference, see src/modules/i18n/preferenceStore.ts). Two additions over plain polyglot:
 * allowMissing shows a missing key's `_` default (react-admin's humanised source) instead of
 * throwing, and texts the server sends in English (`Data Insert Successfully`, a 422 field
 * message) are shown in the current language when the catalogues know them.
 */
export function createI18nProvider(): I18nProvider {
  const polyglot = polyglotI18nProvider(
    // Our nested string catalogues are react-admin TranslationMessages (string leaves).
    (locale) =>
      (loaded.get(isLanguage(locale) ? locale : 'en') ?? loadCatalogue(isLanguage(locale) ? locale : 'en')) as
        TranslationMessages | Promise<TranslationMessages>,
    'en',
    locales,
    { allowMissing: true },
  );
  // An English console reads its catalogue again when a tool's catalogue joined it.
  englishGrew.add(() => (polyglot.getLocale() === 'en' ? polyglot.changeLocale('en') : Promise.resolve()));
  // The server's wording comes with the first other language (loadCatalogue), or is here already.
  let fromServer = serverMessageTranslator(en.server);
  const recogniseFrom = (full: Messages) => {
    fromServer = serverMessageTranslator((full as unknown as typeof en).server);
  };
  serverWordingArrived.add(recogniseFrom);
  void serverEnglish?.then(recogniseFrom);
  const owners = fieldOwners(en.resources);
  /** A field's label in the current language; `field_resource` (a form's resource) decides between owners. */
  const labelOf = (options: Record<string, unknown> | undefined) => (field: string) => {
    const all = owners.get(field);
    if (!all?.length) return undefined;
    const hint = options?.field_resource;
    const owner = typeof hint === 'string' && all.includes(hint) ? hint : all[0];
    return polyglot.translate(`resources.${owner}.fields.${field}`, { _: field });
  };
  return {
    ...polyglot,
    translate: (key: string, options?: Record<string, unknown>) => {
      const known = fromServer(key);
      if (!known) return polyglot.translate(key, options);
      const text = renderServerMessage(known, polyglot.translate, options, labelOf(options));
      // An English console started before the server's wording arrived has no phrases for it
      // (they would show as bare keys): the text is then shown as the server wrote it.
      return text.includes('server.') ? key : text;
    },
  };
}

export const i18nProvider: I18nProvider = createI18nProvider();
