import { INTL_LOCALES, MONEY, formatNumber } from '../../i18n/format';
import { isLanguage } from '../../i18n/languages';

/**
 * Numbers in a form input as the list shows them: the language's digits and decimal sign
 * (Spanish 0,80; Bengali ০.৮০), without grouping so that editing never trips over a separator.
 * What is typed is read back in the same way, the ASCII digits and "." always accepted too.
 */

interface Symbols {
  digits: string[];
  decimal: string;
  group: string;
}

const kept = new Map<string, Symbols>();

function symbolsOf(language: string): Symbols {
  const locale = INTL_LOCALES[isLanguage(language) ? language : 'en'];
  let symbols = kept.get(locale);
  if (!symbols) {
    const plain = new Intl.NumberFormat(locale, { useGrouping: false });
    const parts = new Intl.NumberFormat(locale).formatToParts(12345.6);
    symbols = {
      digits: Array.from({ length: 10 }, (_, i) => plain.format(i)),
      decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
      group: parts.find((p) => p.type === 'group')?.value ?? ',',
    };
    kept.set(locale, symbols);
  }
  return symbols;
}

/**
 * The input's text for a form value: '' for none, two decimals for money. A money value with more
 * decimals (which the form refuses, "At most two decimals") is shown whole, never rounded out of sight.
 */
export function formatInputNumber(value: unknown, language: string, money: boolean): string {
  const cents = typeof value === 'number' ? value * 100 : 0;
  const whole = Math.abs(Math.round(cents) - cents) <= 1e-6;
  const options: Intl.NumberFormatOptions =
    money && whole
      ? { ...MONEY, useGrouping: false }
      : { minimumFractionDigits: money ? 2 : 0, useGrouping: false, maximumFractionDigits: 20 };
  return formatNumber(value, language, options);
}

/**
 * The number a person typed, in the language's digits or ASCII ones; with a decimal comma, a
 * "." is read as the decimal sign too when there is no comma. `undefined` when it is no number.
 */
export function parseInputNumber(text: string, language: string): number | undefined {
  const { digits, decimal, group } = symbolsOf(language);
  let s = text.trim().replace(/\s/g, '');
  if (s === '') return undefined;
  digits.forEach((d, i) => {
    s = s.split(d).join(String(i));
  });
  if (decimal !== '.') {
    if (s.includes(decimal)) s = s.split(group).join('').split('.').join('');
    s = s.split(decimal).join('.');
  } else {
    s = s.split(group).join('');
  }
  s = s.replace(/^[−–]/, '-');
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(s)) return undefined;
  const n = Number(s);
  return Number.isFinite(n) ? n : undefined;
}
