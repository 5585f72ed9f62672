import { apiEntity } from './paths';
import type { Field, ResourceDescriptor } from './types';

/**
 * Spreadsheet export and import, derived from the descriptor like the contract's routes. Both
 * sides (the server's routes, the console's buttons) read the paths, slugs and limits here.
 */
export const SPREADSHEET_FORMATS = ['csv', 'xlsx'] as const;
export type SpreadsheetFormat = (typeof SPREADSHEET_FORMATS)[number];

export const IMPORT_MODES = ['dry-run', 'all', 'valid'] as const;
/** `dry-run` writes nothing; `all` writes every row or none; `valid` writes the rows without errors. */
export type ImportMode = (typeof IMPORT_MODES)[number];

/** The largest file an import reads, and the most data rows in it. */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 100_000;

/** What one row of an import became (or would become, in a dry run). */
export type ImportRowState = 'new' | 'update' | 'unchanged' | 'error';
export interface ImportRow {
  /** The row's line in the file (1 is the header). */
  line: number;
  key: string;
  state: ImportRowState;
  /** Field -> message, in the language asked for. */
  errors?: Record<string, string>;
}
export interface ImportAnswer {
  mode: ImportMode;
  counts: Record<ImportRowState, number>;
  /** The rows that are not unchanged (at most the first few thousand: see `truncated`). */
  rows: ImportRow[];
  truncated: boolean;
  /** The batch written (commit modes), to undo with `undoPath`. */
  batch?: number;
  written?: number;
}

export interface UndoAnswer {
  batch: number;
  undone: number;
  refused: { record: number; key: string; message: string }[];
}

const base = (d: ResourceDescriptor) => `/${d.api.prefix}/${apiEntity(d)}`;

export const exportPath = (d: ResourceDescriptor) => `${base(d)}-export`;
export const importPath = (d: ResourceDescriptor) => `${base(d)}-import`;
export const importTemplatePath = (d: ResourceDescriptor) => `${base(d)}-import-template`;
export const importErrorsPath = (d: ResourceDescriptor) => `${base(d)}-import-errors`;
export const UNDO_IMPORT_PATH = '/imports/import-undo';

/** One permission to export a resource's list, one to import into it (template, dry run, commit, undo). */
export const exportSlug = (d: ResourceDescriptor) => exportPath(d).slice(1);
export const importSlug = (d: ResourceDescriptor) => importPath(d).slice(1);

/** Every list can be exported: a singleton has no list. */
export const exportable = (d: ResourceDescriptor) => !d.singleton;

/**
 * The natural key rows are matched on: the code field, else the first unique text field. A
 * resource without one cannot be imported (a second import could not find its rows again).
 */
export function naturalKeyOf(d: ResourceDescriptor): Field | undefined {
  const code = d.codeField === undefined ? undefined : d.fields.find((f) => f.name === d.codeField);
  return code ?? d.fields.find((f) => f.unique && f.kind === 'text');
}

/** Catalogue resources with a natural key and generic routes (users are written by their own module, with passwords). */
export const importable = (d: ResourceDescriptor) => !d.singleton && d.importable !== false && naturalKeyOf(d) !== undefined;

/** Fields a spreadsheet carries: pictures are not imported or exported. */
export const sheetFields = (d: ResourceDescriptor): Field[] => d.fields.filter((f) => f.kind !== 'image' && f.kind !== 'imageList');

/** The columns of a template: what an import writes (no derived values), the key first. */
export function importColumns(d: ResourceDescriptor): Field[] {
  const key = naturalKeyOf(d);
  const rest = sheetFields(d).filter((f) => f !== key && !((f.kind === 'money' || f.kind === 'integer') && f.derived));
  return key ? [key, ...rest] : rest;
}

/** A list's columns by default: the fields it shows (the console sends the ones the user chose). */
export const defaultExportColumns = (d: ResourceDescriptor): Field[] => sheetFields(d).filter((f) => f.list);

/**
 * The list's visible columns in the order the user chose them, as react-admin's column chooser
 * keeps them: `hidden`, the hidden columns' names; `ranks[position]`, the table's child shown at
 * that position (the serial number is child 0, the list's fields follow from 1), a child missing
 * from `ranks` keeping its own place. Pictures are left out (a sheet carries none).
 */
export function visibleColumns(d: ResourceDescriptor, hidden: readonly string[], ranks: readonly number[] | null | undefined): Field[] {
  const carried = new Set(defaultExportColumns(d));
  return d.fields
    .filter((f) => f.list)
    .map((f, i) => {
      const rank = ranks ? ranks.indexOf(i + 1) : -1;
      return { f, at: rank === -1 ? i + 1 : rank };
    })
    .sort((a, b) => a.at - b.at)
    .map(({ f }) => f)
    .filter((f) => carried.has(f) && !hidden.includes(f.name));
}
