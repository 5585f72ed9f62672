import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider } from 'react-admin';
import { en } from './en';

export { en } from './en';

/** Locales offered in the switcher; only English exists for now (bn, es, my come later, lazily). */
export const locales = [{ locale: 'en', name: 'English' }];

/**
 * Polyglot provider with English loaded eagerly. allowMissing keeps a missing key from throwing:
 * the key's `_` default (react-admin's humanised source) is shown instead.
 */
export const i18nProvider: I18nProvider = polyglotI18nProvider(() => en, 'en', locales, { allowMissing: true });
