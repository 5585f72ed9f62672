import ExcelJS from 'exceljs';
import { stringify } from 'csv-stringify/sync';
import type { Field, ResourceDescriptor } from '../../../resources';
import { neutralise, restore } from './cells';
import { fieldLabel, t, type Language } from './labels';
import type { PlannedRow } from './plan';
import type { Sheet } from './read-file';

/**
 * The file as it was sent, every data row with an Errors column at its end naming each problem
 * by the column's label: fixed and sent again, it imports (rows written already are unchanged).
 */
export async function errorFile(d: ResourceDescriptor, sheet: Sheet, rows: readonly PlannedRow[], lang: Language): Promise<Buffer> {
  const byLine = new Map(rows.map((r) => [r.line, r]));
  const labelOf = (name: string) => {
    const f: Field | undefined = d.fields.find((x) => x.name === name);
    return f ? fieldLabel(lang, d, f) : name;
  };
  const width = Math.max(sheet.header.length, ...sheet.rows.map((r) => r.cells.length));
  const pad = (cells: readonly string[]) => Array.from({ length: width }, (_, i) => neutralise(restore(cells[i] ?? '')));
  const lines: string[][] = [[...pad(sheet.header), t(lang, 'spreadsheets.sheet.errors')]];
  for (const row of sheet.rows) {
    const errors = byLine.get(row.line)?.errors ?? {};
    const text = Object.entries(errors)
      .map(([name, message]) => `${labelOf(name)}: ${message}`)
      .join('; ');
    lines.push([...pad(row.cells), text]);
  }
  if (sheet.format === 'csv') return Buffer.concat([Buffer.from('\uFEFF'), Buffer.from(stringify(lines))]);
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet(d.name.slice(0, 31));
  for (const l of lines) ws.addRow(l);
  return Buffer.from(await book.xlsx.writeBuffer());
}
