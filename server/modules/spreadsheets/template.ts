import type { Field, ResourceDescriptor } from '../../../resources';
import { importColumns, naturalKeyOf, type SpreadsheetFormat } from '../../../resources/spreadsheets';
import ExcelJS from 'exceljs';
import { stringify } from 'csv-stringify/sync';
import { fieldLabel, statusWord, t, type Language } from './labels';

/** The rule of one column in words: what a cell may hold. */
export function ruleOf(lang: Language, d: ResourceDescriptor, f: Field): string {
  const rule = (key: string, values: Record<string, string | number> = {}) => t(lang, `spreadsheets.rules.${key}`, values);
  const parts: string[] = [f.required ? rule('required') : rule('optional')];
  if (f === naturalKeyOf(d)) parts.push(rule('key'));
  switch (f.kind) {
    case 'text':
    case 'email':
    case 'phone':
    case 'url':
      parts.push(f.maxLength ? rule('text_max', { max: f.maxLength }) : rule('text'));
      break;
    case 'money':
    case 'integer':
      parts.push(rule('number'));
      if (f.min !== undefined) parts.push(rule('min', { min: f.min }));
      break;
    case 'status':
      parts.push(`${statusWord(lang, 1)} / ${statusWord(lang, 0)}`);
      break;
    case 'date':
      parts.push(rule('date'));
      break;
    case 'datetime':
      parts.push(rule('datetime'));
      break;
    case 'choice':
      parts.push(rule('choice', { choices: f.choices.join(', ') }));
      break;
    case 'reference':
      parts.push(rule('reference'));
      break;
    case 'richText':
      parts.push(rule('rich_text'));
      break;
    default:
      parts.push(rule('text'));
  }
  return parts.join(', ');
}

/**
 * An empty import file: the columns in the user's language, and the rules. CSV: the rules are the
 * second row, starting with `#` (an import skips such rows). XLSX: on a Notes sheet.
 */
export async function templateOf(d: ResourceDescriptor, format: SpreadsheetFormat, lang: Language): Promise<Buffer> {
  const columns = importColumns(d);
  const header = columns.map((f) => fieldLabel(lang, d, f));
  const rules = columns.map((f) => ruleOf(lang, d, f));
  if (format === 'csv') {
    const text = stringify([header, rules.map((r, i) => (i === 0 ? `# ${r}` : r))]);
    return Buffer.concat([Buffer.from('\uFEFF'), Buffer.from(text)]);
  }
  const book = new ExcelJS.Workbook();
  book.addWorksheet(d.name.slice(0, 31)).addRow(header);
  const notes = book.addWorksheet(t(lang, 'spreadsheets.rules.notes').slice(0, 31));
  notes.addRow([t(lang, 'spreadsheets.rules.column'), t(lang, 'spreadsheets.rules.rule')]);
  columns.forEach((f, i) => notes.addRow([header[i], rules[i]]));
  return Buffer.from(await book.xlsx.writeBuffer());
}
