import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { TranslationMessages } from 'react-admin';
import { en } from '../../i18n';
import { bn } from '../../i18n/bn';
import type { Language } from '../../i18n/languages';
import { mergeMessages, type Messages } from '../../i18n/merge';
import { entityMessages, type Entity } from '../../scripts/entities';

/**
 * The console's base catalogue in a language with these entities' words merged in, the way
 * i18n/<lang>.ts merges the generated lists of resources/ (`entityMessages` is what the generator
 * writes them from; tests/unit/resources/entity-folders.test.ts holds the two equal).
 */
export function entitiesI18nProvider(entities: readonly Entity[], lang: Extract<Language, 'en' | 'bn'> = 'en') {
  const base = { en, bn }[lang];
  // A nested catalogue of strings, which is what react-admin's TranslationMessages are.
  const messages = mergeMessages(
    base as unknown as Messages,
    entityMessages(entities, lang) as unknown as Messages,
  ) as unknown as TranslationMessages;
  return polyglotI18nProvider(() => messages, lang, [{ locale: lang, name: lang }], { allowMissing: true });
}
