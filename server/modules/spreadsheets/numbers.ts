import { INTL_LOCALES } from '../../../i18n/format';
import type { Language } from './labels';

interface Separators {
  decimal: string;
  group: string;
  /** The language's own digits, 0 to 9 ('০'...'৯' in Bangla). */
  digits: string[];
}

const known = new Map<Language, Separators>();

/** The language's decimal and group marks and digits, as Intl writes them (what the form shows). */
function separatorsOf(lang: Language): Separators {
  let s = known.get(lang);
  if (!s) {
    const parts = new Intl.NumberFormat(INTL_LOCALES[lang]).formatToParts(12345.6);
    const plain = new Intl.NumberFormat(INTL_LOCALES[lang], { useGrouping: false });
    s = {
      decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
      group: parts.find((p) => p.type === 'group')?.value ?? ',',
      digits: Array.from({ length: 10 }, (_, i) => plain.format(i)),
    };
    known.set(lang, s);
  }
  return s;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A number cell of an imported file as the write path reads numbers ('1.10'), read by the
 * language's conventions: Spanish '1,10' and '1.234,50', English '1,234.50', the language's own
 * digits. A text that is no number in the language is left as written: '1.10' in a Spanish file
 * (a program that writes numbers the English way) stays 1.10, and 'abc' reaches the write path,
 * which refuses it with its usual message. Numbers a workbook stores as numbers are not read here.
 */
export function numberCell(cell: string, lang: Language): string {
  const { decimal, group, digits } = separatorsOf(lang);
  let s = cell.replace(/[\s\u00a0\u202f]/g, '');
  digits.forEach((d, i) => {
    if (d !== String(i)) s = s.split(d).join(String(i));
  });
  const g = /\s/.test(group) || group === '\u00a0' || group === '\u202f' ? '' : escape(group);
  const dec = escape(decimal);
  const grouped = g ? `\\d{1,3}(?:${g}\\d{3})+` : '(?!)';
  const whole = new RegExp(`^([-+]?)(${grouped}|\\d+)(?:${dec}(\\d+))?$`);
  const m = whole.exec(s);
  if (!m) return cell;
  const integer = (m[2] ?? '').split(group).join('');
  return `${m[1] === '-' ? '-' : ''}${integer}${m[3] !== undefined ? `.${m[3]}` : ''}`;
}
