import { ALL_DATE_TIME_PARTS } from '../resources/rules';
import { isLanguage, type Language } from './languages';

/**
 * Dates and numbers in the console's language. Digits and grouping follow the language (Intl:
 * Bengali ০১২, Burmese ၀၁၂), the patterns follow the spec where it fixes them (spec 000 section
 * 9): notification dates `yyyy-MM-dd HH:mm:ss`, every other date day/month/year with two digits.
 */
export const INTL_LOCALES: Record<Language, string> = { en: 'en-GB', bn: 'bn-BD', es: 'es-ES', my: 'my-MM' };

const intlLocale = (language: string) => INTL_LOCALES[isLanguage(language) ? language : 'en'];

/** A Date from a Date, a timestamp, or the API's `YYYY-MM-DD` / `YYYY-MM-DD HH:mm:ss` text (local time). */
export function toDate(value: unknown): Date | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value;
  if (typeof value === 'number') return toDate(new Date(value));
  if (typeof value !== 'string' || value === '') return undefined;
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(value);
  if (m) {
    const [, y, mo, d, h = '0', mi = '0', s = '0'] = m;
    return toDate(new Date(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)));
  }
  return toDate(new Date(value));
}

/*
 * Building an Intl formatter costs far more than using one (its locale data is resolved each time),
 * and a list page built one per date and number cell, on every render (bench/FIRST-VISIT.md). One
 * formatter per locale and options serves every call.
 */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

function kept<T>(formats: Map<string, T>, key: string, make: () => T): T {
  let format = formats.get(key);
  if (!format) formats.set(key, (format = make()));
  return format;
}

const dateFormat = (language: string) =>
  kept(dateFormats, intlLocale(language), () => new Intl.DateTimeFormat(intlLocale(language), ALL_DATE_TIME_PARTS));

const numberFormat = (language: string, options?: Intl.NumberFormatOptions) =>
  kept(
    numberFormats,
    `${intlLocale(language)} ${options ? JSON.stringify(options) : ''}`,
    () => new Intl.NumberFormat(intlLocale(language), options),
  );

/** The parts Intl gives, in the language's digits, each padded to two digits (year four). */
function parts(date: Date, language: string) {
  const format = dateFormat(language);
  const out: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const p of format.formatToParts(date)) out[p.type] = p.value;
  return out;
}

/** `dd/MM/yyyy` in the language's digits; '' for no date. */
export function formatDate(value: unknown, language: string): string {
  const date = toDate(value);
  if (!date) return '';
  const p = parts(date, language);
  return `${p.day}/${p.month}/${p.year}`;
}

/** `yyyy-MM-dd HH:mm:ss` in the language's digits (notification dates); '' for no date. */
export function formatDateTime(value: unknown, language: string): string {
  const date = toDate(value);
  if (!date) return '';
  const p = parts(date, language);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/** Money: two decimals (prices, amounts). */
export const MONEY: Intl.NumberFormatOptions = { minimumFractionDigits: 2, maximumFractionDigits: 2 };

/** A number in the language's digits and grouping; `options` as Intl.NumberFormat's. */
export function formatNumber(value: unknown, language: string, options?: Intl.NumberFormatOptions): string {
  const n = typeof value === 'number' ? value : Number(value);
  if (value === null || value === undefined || value === '' || !Number.isFinite(n)) return '';
  return numberFormat(language, options).format(n);
}

/**
 * Builds the formatters list pages use (numbers, money, dates) in `language` ahead of their first
 * use. A cold browser's first Intl formatter loads the locale's data: ~40 ms of main thread that a
 * list otherwise paid inside its rows' first render (bench/FIRST-VISIT.md). main.tsx
 * calls this while the signed-in shell's code is still arriving.
 */
export function prepareFormats(language: string): void {
  formatNumber(0, language);
  formatNumber(0, language, MONEY);
  formatDate(new Date(0), language);
}
