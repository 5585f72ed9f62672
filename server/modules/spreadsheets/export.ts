import { PassThrough, type Readable } from 'node:stream';
import { once } from 'node:events';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import type { Row } from '../../db/database';
import type { ListQuery } from '../../crud/list-query';
import type { Field, ResourceDescriptor } from '../../../resources';
import type { SpreadsheetFormat } from '../../../resources/spreadsheets';
import { neutralise } from './cells';
import { fieldLabel, statusWord, type Language } from './labels';
import { shiftWallClock } from './zones';

export type Cell = string | number;

/** A stored value as text (JSON for anything that is not a string or a number). */
export const textOf = (v: unknown): string =>
  typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : v == null ? '' : JSON.stringify(v);

/** The reader went away: the download was cancelled. */
export class ExportCancelled extends Error {}

/**
 * A stored value as a spreadsheet shows it: references as `code — name`, money as a number, status
 * as the word, a date and time in the reader's zone (`zone`: stored in `from`, shown in `to`).
 */
export function cellOf(lang: Language, f: Field, row: Row, zone?: { from: string; to: string }): Cell {
  const v = row[f.name];
  switch (f.kind) {
    case 'datetime':
      return typeof v === 'string' && zone ? shiftWallClock(v, zone.from, zone.to) : textOf(v);
    case 'reference': {
      if (v == null || v === f.none) return '';
      const code = row[`__code_${f.name}`];
      const name = row[`__ref_${f.name}`];
      const text = textOf(code) !== '' ? `${textOf(code)}${textOf(name) !== '' ? ` — ${textOf(name)}` : ''}` : textOf(name);
      return neutralise(text);
    }
    case 'status':
      return statusWord(lang, v);
    case 'money':
    case 'integer':
      return v == null || v === '' ? '' : Number(v);
    default:
      return neutralise(textOf(v));
  }
}

export const SHEET_TYPES: Record<SpreadsheetFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * Writes rows to a CSV (UTF-8 with a byte order mark, so spreadsheet programs read Bangla and
 * Burmese right) or XLSX (exceljs's streaming writer: rows are written and forgotten) stream,
 * waiting whenever the reader is behind. `end` finishes the file.
 */
export interface SheetWriter {
  stream: Readable;
  add(cells: readonly Cell[]): Promise<void>;
  end(): Promise<void>;
}

/** `money`: the columns (from 0) an XLSX shows with two decimals; a CSV writes the number itself. */
export function sheetWriter(format: SpreadsheetFormat, sheetName: string, money: readonly number[] = []): SheetWriter {
  const out = new PassThrough();
  /** Waits while the reader is behind; a reader gone (the download cancelled) ends the export. */
  const wait = async (s: NodeJS.EventEmitter) => {
    // The listener that loses the race is taken off again: a million rows would otherwise leave
    // one per wait on the stream until it closes.
    const loser = new AbortController();
    const settled = (p: Promise<unknown>) => p.catch(() => undefined);
    await Promise.race([settled(once(s, 'drain', { signal: loser.signal })), settled(once(out, 'close', { signal: loser.signal }))]);
    loser.abort();
    if (out.destroyed) throw new ExportCancelled();
  };
  const drained = async () => {
    if (out.destroyed) throw new ExportCancelled();
    if (out.writableNeedDrain) await wait(out);
  };
  if (format === 'csv') {
    const csv = stringify({ bom: true });
    csv.pipe(out);
    return {
      stream: out,
      async add(cells) {
        if (!csv.write(cells)) await wait(csv);
        await drained();
      },
      async end() {
        csv.end();
        await once(out, 'finish');
      },
    };
  }
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: money.length > 0, useSharedStrings: false });
  const sheet = book.addWorksheet(sheetName.slice(0, 31));
  return {
    stream: out,
    async add(cells) {
      const row = sheet.addRow([...cells]);
      for (const i of money) if (typeof cells[i] === 'number') row.getCell(i + 1).numFmt = '0.00';
      row.commit();
      await drained();
    },
    async end() {
      sheet.commit();
      await book.commit();
    },
  };
}

export interface ExportPlan {
  d: ResourceDescriptor;
  q: ListQuery;
  columns: readonly Field[];
  format: SpreadsheetFormat;
  lang: Language;
  /** Dates and times: stored in the server's zone (`from`), written in the user's (`to`). */
  zone?: { from: string; to: string };
}

export const headerRow = (lang: Language, d: ResourceDescriptor, columns: readonly Field[]) => columns.map((f) => fieldLabel(lang, d, f));

/** The filter an export was asked with, as its audit entry keeps it. */
export const filterOf = (q: ListQuery) => ({
  ...(q.search && { search: q.search }),
  ...(q.status !== undefined && { status: q.status }),
  ...(Object.keys(q.filters).length && { filters: q.filters }),
  sort: q.sort,
  order: q.order,
});

export type RowSource = AsyncGenerator<Row[]>;

/** Streams the plan's rows through the writer; answers how many were written. */
export async function writeRows(
  plan: ExportPlan,
  writer: SheetWriter,
  rows: RowSource,
  progress?: (rows: number) => void,
): Promise<number> {
  await writer.add(headerRow(plan.lang, plan.d, plan.columns));
  let n = 0;
  for await (const chunk of rows) {
    for (const row of chunk) {
      await writer.add(plan.columns.map((f) => cellOf(plan.lang, f, row, plan.zone)));
      n++;
    }
    progress?.(n);
  }
  await writer.end();
  return n;
}
