import { useMemo } from 'react';
import { useLocaleState } from 'react-admin';
import { INTL_LOCALES, formatDate, formatDateTime, formatNumber } from '../../../i18n/format';
import { isLanguage } from '../../../i18n';

/**
 * The formatting helpers bound to the current language: `date` (dd/MM/yyyy), `dateTime`
 * (yyyy-MM-dd HH:mm:ss), `number`, and `intlLocale` for react-admin fields' `locales` prop.
 */
export function useFormat() {
  const [locale] = useLocaleState();
  return useMemo(() => {
    const language = isLanguage(locale) ? locale : 'en';
    return {
      language,
      intlLocale: INTL_LOCALES[language],
      date: (value: unknown) => formatDate(value, language),
      dateTime: (value: unknown) => formatDateTime(value, language),
      number: (value: unknown, options?: Intl.NumberFormatOptions) => formatNumber(value, language, options),
    };
  }, [locale]);
}
