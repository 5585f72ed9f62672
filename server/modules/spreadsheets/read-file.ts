import { Readable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { ApiError } from '../../http/envelope';
import { MAX_IMPORT_ROWS, type SpreadsheetFormat } from '../../../resources/spreadsheets';

export interface SheetRow {
  /** The row's line in the file (the header is line 1). */
  line: number;
  cells: string[];
  /** XLSX: the cells the workbook stores as numbers (their text is already '1.1', whatever the language). */
  numbers?: boolean[];
}
export interface Sheet {
  format: SpreadsheetFormat;
  header: string[];
  rows: SheetRow[];
}

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const WRONG_TYPE = 'Upload a CSV (UTF-8) or XLSX file';
const tooMany = () => new ApiError(422, `The file has more than ${MAX_IMPORT_ROWS} rows`);

/** A row the template marks as notes (its rules line), not data. */
const isNote = (cells: readonly string[]) => (cells[0] ?? '').trim().startsWith('#');
const isBlank = (cells: readonly string[]) => cells.every((c) => c.trim() === '');

function sheetOf(format: SpreadsheetFormat, lines: string[][], numbers: (boolean[] | undefined)[] = []): Sheet {
  const headerAt = lines.findIndex((cells) => !isBlank(cells));
  if (headerAt < 0) throw new ApiError(422, 'The file is empty: it has no header row');
  const header = (lines[headerAt] ?? []).map((h) => h.trim());
  const rows: SheetRow[] = [];
  for (let i = headerAt + 1; i < lines.length; i++) {
    const cells = lines[i] ?? [];
    if (isBlank(cells) || isNote(cells)) continue;
    if (rows.length >= MAX_IMPORT_ROWS) throw tooMany();
    const typed = numbers[i];
    rows.push({ line: i + 1, cells, ...(typed && { numbers: typed }) });
  }
  return { format, header, rows };
}

function readCsv(buf: Buffer): Sheet {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(buf);
  } catch {
    throw new ApiError(422, 'The file is not UTF-8 text: save it as "CSV UTF-8" or as XLSX');
  }
  if (text.includes('\u0000')) throw new ApiError(415, WRONG_TYPE);
  // Spreadsheet programs in some languages write `;` between cells.
  const first = text.slice(0, text.indexOf('\n') >>> 0);
  const delimiter = (first.match(/;/g)?.length ?? 0) > (first.match(/,/g)?.length ?? 0) ? ';' : ',';
  try {
    const lines: string[][] = parse(text, { delimiter, relax_column_count: true, bom: true });
    return sheetOf('csv', lines);
  } catch (err) {
    if (err instanceof ApiError) throw err;
    const line = (err as { lines?: number }).lines ?? 0;
    throw new ApiError(422, `The CSV file could not be read near line ${line}`);
  }
}

/** A cell of any kind exceljs reads as the text it shows. */
function textOf(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) {
    const iso = value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.slice(0, 19).replace('T', ' ');
  }
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('result' in value) return textOf(value.result ?? '');
  if ('text' in value) return typeof value.text === 'string' ? value.text : textOf(value.text);
  if ('error' in value) return value.error;
  return '';
}

/** The first worksheet, read as a stream (the workbook is never held whole). */
async function readXlsx(buf: Buffer): Promise<Sheet> {
  const lines: (string[] | undefined)[] = [];
  const numbers: (boolean[] | undefined)[] = [];
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([buf]), {
      worksheets: 'emit',
      sharedStrings: 'cache',
      hyperlinks: 'ignore',
      styles: 'ignore',
    });
    for await (const sheet of reader) {
      for await (const row of sheet) {
        const r = row;
        const cells: (string | undefined)[] = [];
        const typed: (boolean | undefined)[] = [];
        r.eachCell({ includeEmpty: true }, (cell, col) => {
          cells[col - 1] = textOf(cell.value);
          typed[col - 1] = typeof cell.value === 'number';
        });
        lines[r.number - 1] = Array.from(cells, (c) => c ?? '');
        numbers[r.number - 1] = Array.from(typed, (t) => t === true);
        if (lines.length > MAX_IMPORT_ROWS + 50) throw tooMany();
      }
      break;
    }
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw new ApiError(422, 'The XLSX file could not be read: it is damaged or not a workbook');
  }
  return sheetOf(
    'xlsx',
    Array.from(lines, (l) => l ?? []),
    numbers,
  );
}

/** The uploaded file as rows of text, whatever its kind; refuses what is neither CSV nor XLSX. */
export async function readSheet(body: unknown): Promise<Sheet> {
  if (!Buffer.isBuffer(body) || body.length === 0) throw new ApiError(415, WRONG_TYPE);
  if (body.subarray(0, 4).equals(ZIP)) return readXlsx(body);
  return readCsv(body);
}
