import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider } from 'react-admin';
import { en as base } from './en';
import { mergeMessages, type Messages } from './merge';

/** Feature modules' English messages (`modules/<module>.en.ts`), merged into the catalogue. */
const moduleMessages = Object.values(import.meta.glob<{ default: Messages }>('./modules/*.en.ts', { eager: true })).map((m) => m.default);

export const en = mergeMessages(base as unknown as Messages, ...moduleMessages) as unknown as typeof base;

/** Locales offered in the switcher; only English exists for now (bn, es, my come later, lazily). */
export const locales = [{ locale: 'en', name: 'English' }];

/**
 * Polyglot provider with English loaded eagerly. allowMissing keeps a missing key from throwing:
 * the key's `_` default (react-admin's humanised source) is shown instead.
 */
export const i18nProvider: I18nProvider = polyglotI18nProvider(() => en, 'en', locales, { allowMissing: true });
