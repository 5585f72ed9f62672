import { isLanguage, type Language } from './languages';

/**
 * Dates and numbers in the console's language, from the language's own conventions (Intl with
 * its locale: digits, order and separators), one format for dates and one for dates with a time,
 * used everywhere a person reads one: lists, dialogs, the bell, the profile, messages (several
 * formats, one of them month first, made a date such as "12/7/2026" ambiguous). A date is day,
 * month and year with two-digit day and month and the full year (spec 000 section 9: "day/month/
 * year two digits"); a date with a time adds hours and minutes on a 24-hour clock. The spec's
 * `yyyy-MM-dd HH:mm:ss` for notices was the earlier client's; the console shows them as every
 * other date (docs/console-behaviour.md).
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

/** The one date format: two-digit day and month, full year, in the language's order. */
const DATE: Intl.DateTimeFormatOptions = { day: '2-digit', month: '2-digit', year: 'numeric' };
/** The one date-and-time format: the date, then hours and minutes on a 24-hour clock. */
const DATE_TIME: Intl.DateTimeFormatOptions = { ...DATE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };

/** Each language's digits, for a browser without the language's own date data. */
const DIGITS: Record<Language, string> = { en: 'latn', bn: 'beng', es: 'latn', my: 'mymr' };

/**
 * The language's own format; where the browser lacks its data (Debian's Chromium has no Burmese
 * dates and fell back to its own month-first "03/05/2025"), the day-first British order in the
 * language's digits stands in.
 */
function makeDateFormat(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const lang: Language = isLanguage(language) ? language : 'en';
  const own = new Intl.DateTimeFormat(INTL_LOCALES[lang], options);
  if (own.resolvedOptions().locale.split('-')[0] === lang) return own;
  return new Intl.DateTimeFormat('en-GB', { ...options, numberingSystem: DIGITS[lang] });
}

const dateFormat = (language: string, options: Intl.DateTimeFormatOptions) =>
  kept(dateFormats, `${intlLocale(language)} ${options === DATE ? 'date' : 'time'}`, () => makeDateFormat(language, options));

const numberFormat = (language: string, options?: Intl.NumberFormatOptions) =>
  kept(
    numberFormats,
    `${intlLocale(language)} ${options ? JSON.stringify(options) : ''}`,
    () => new Intl.NumberFormat(intlLocale(language), options),
  );

/** A date (no time) in the language's format, e.g. 07/12/2026, ০৭/১২/২০২৬; '' for no date. */
export function formatDate(value: unknown, language: string): string {
  const date = toDate(value);
  return date ? dateFormat(language, DATE).format(date) : '';
}

/** A date with its time in the language's format, e.g. 07/12/2026, 17:04; '' for no date. */
export function formatDateTime(value: unknown, language: string): string {
  const date = toDate(value);
  return date ? dateFormat(language, DATE_TIME).format(date) : '';
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
  formatDateTime(new Date(0), language);
}
