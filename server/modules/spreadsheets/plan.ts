import { sql } from 'kysely';
import { dynamic, type Row } from '../../db/database';
import { ApiError } from '../../http/envelope';
import { normaliseFields } from '../../crud/normalise';
import { planWrite } from '../../crud/values';
import { loadRichTextSanitizer } from '../../crud/sanitize';
import type { AppContext } from '../../context';
import type { Field, ResourceDescriptor } from '../../../resources';
import { importColumns, naturalKeyOf, sheetFields, type ImportRowState } from '../../../resources/spreadsheets';
import { restore } from './cells';
import { textOf } from './export';
import { fileLanguage, headerNames, LANGUAGES, serverText, statusValue, t, type Language } from './labels';
import { numberCell } from './numbers';
import type { Sheet } from './read-file';
import type { AppliedRules } from '../../crud/record-rules';

/** One data row of the file, as the import would write it. */
export interface PlannedRow {
  line: number;
  key: string;
  state: ImportRowState;
  /** Field -> message in the user's language. */
  errors?: Record<string, string>;
  /** The values to write (create or update). */
  fields?: Row;
  /** The record as stored, for an update or an unchanged row. */
  existing?: Row;
}

const IN_CHUNK = 500;
const norm = (s: string) => s.trim().toLowerCase();

/** Which field each column of the file is, by its header in any language or its field name. */
function mapColumns(d: ResourceDescriptor, header: readonly string[]): (Field | undefined)[] {
  const names = new Map<string, Field>();
  for (const f of sheetFields(d)) for (const n of headerNames(d, f)) names.set(norm(n), f);
  const errorHeaders = new Set(LANGUAGES.map((lang) => norm(t(lang, 'spreadsheets.sheet.errors'))));
  const unknown: string[] = [];
  const seen = new Set<Field>();
  const twice: string[] = [];
  const columns = header.map((h) => {
    if (h.trim() === '' || errorHeaders.has(norm(h))) return undefined;
    const f = names.get(norm(h));
    if (!f) unknown.push(h);
    else if (seen.has(f)) twice.push(h);
    else seen.add(f);
    return f;
  });
  if (unknown.length) throw new ApiError(422, `Unknown columns: ${unknown.slice(0, 10).join(', ')}`);
  if (twice.length) throw new ApiError(422, `Columns given twice: ${twice.join(', ')}`);
  const key = naturalKeyOf(d);
  if (key && !seen.has(key)) throw new ApiError(422, `The key column ${key.name} is missing`);
  return columns;
}

/** References given by code, by name, or as `code — name` (how an export writes them), to ids. */
async function resolveReferences(ctx: AppContext, f: Field, cells: ReadonlySet<string>) {
  const out = new Map<string, number | 'ambiguous'>();
  if (f.kind !== 'reference' || cells.size === 0) return out;
  const target = ctx.registry.get(f.reference);
  const key = naturalKeyOf(target);
  const db = dynamic(ctx.conn.db);
  const wanted = [...cells].flatMap((c) => {
    const [code, ...name] = c.split(' — ');
    return [c, code ?? c, name.join(' — ')].filter((x) => x !== '');
  });
  const unique = [...new Set(wanted)];
  for (let i = 0; i < unique.length; i += IN_CHUNK) {
    const part = unique.slice(i, i + IN_CHUNK);
    let q = db
      .selectFrom(target.table)
      .select([sql.ref(target.idField).as('id'), sql.ref(target.titleField).as('title')])
      .where((eb) => eb.or([eb(sql.ref(target.titleField), 'in', part), ...(key ? [eb(sql.ref(key.name), 'in', part)] : [])]));
    if (key) q = q.select(sql.ref(key.name).as('code'));
    for (const r of (await q.execute()) as Row[]) {
      const id = Number(r.id);
      for (const label of [r.code, r.title]) {
        if (typeof label !== 'string' || label === '') continue;
        const had = out.get(label);
        out.set(label, had === undefined || had === id ? id : 'ambiguous');
      }
    }
  }
  return out;
}

/** The stored rows of these keys, by key. */
async function existingByKey(ctx: AppContext, d: ResourceDescriptor, key: Field, keys: readonly string[]) {
  const out = new Map<string, Row>();
  const db = dynamic(ctx.conn.db);
  for (let i = 0; i < keys.length; i += IN_CHUNK) {
    const rows = await db
      .selectFrom(d.table)
      .selectAll()
      .where(sql.ref(key.name), 'in', keys.slice(i, i + IN_CHUNK))
      .execute();
    for (const r of rows) out.set(String(r[key.name]), r);
  }
  return out;
}

const same = (a: unknown, b: unknown) => {
  if (a === b) return true;
  if ((a === null || a === undefined || a === '') && (b === null || b === undefined || b === '')) return true;
  if (typeof a === 'number' || typeof b === 'number') return Number(a) === Number(b) && a !== '' && b !== '';
  return textOf(a) === textOf(b);
};

const KEEP_SPACES = new Set(['longText', 'richText']);

/**
 * Every row of the file checked as the form's save would check it, writing nothing: matched on
 * the natural key (new, update or unchanged), references found by code or name, each problem
 * named per field in the user's language. Refuses the whole file for what no row can fix: unknown
 * columns, a missing key column, the same key twice.
 *
 * `rules`: the importing actor's field and row rules (issue 47). A value in a column hidden from
 * them is a row error whatever it is (were a value equal to the stored one "unchanged", the answer
 * would tell them they guessed it), and so is a key naming a record outside their row rules (its
 * "unchanged" would tell them its values); a changed read-only value is refused as the row is
 * written (`assertWritable`).
 */
export async function planImport(
  ctx: AppContext,
  d: ResourceDescriptor,
  sheet: Sheet,
  lang: Language,
  rules?: AppliedRules,
): Promise<PlannedRow[]> {
  const key = naturalKeyOf(d);
  if (!key) throw new ApiError(422, `${d.name} records cannot be imported: they have no code to match rows on`);
  const columns = mapColumns(d, sheet.header);
  const numbersIn = fileLanguage(
    d,
    columns.filter((f): f is Field => f !== undefined),
    sheet.header,
    lang,
  );
  const writable = new Set(importColumns(d));
  const keyAt = columns.indexOf(key);
  const cellAt = (cells: readonly string[], i: number, f: Field) => {
    const raw = restore(cells[i] ?? '');
    return KEEP_SPACES.has(f.kind) ? raw : raw.trim();
  };

  const lines = new Map<string, number>();
  const twice: string[] = [];
  for (const row of sheet.rows) {
    const k = cellAt(row.cells, keyAt, key);
    if (k === '') continue;
    if (lines.has(k)) twice.push(`${k} (${lines.get(k)}, ${row.line})`);
    else lines.set(k, row.line);
  }
  if (twice.length) throw new ApiError(422, `Duplicate keys in the file: ${twice.slice(0, 5).join(', ')}`);

  const existing = await existingByKey(ctx, d, key, [...lines.keys()]);
  const references = new Map<string, Map<string, number | 'ambiguous'>>();
  for (const [i, f] of columns.entries()) {
    if (f?.kind !== 'reference') continue;
    const cells = new Set(sheet.rows.map((r) => cellAt(r.cells, i, f)).filter((c) => c !== ''));
    references.set(f.name, await resolveReferences(ctx, f, cells));
  }
  if (d.fields.some((f) => f.kind === 'richText')) await loadRichTextSanitizer();

  return sheet.rows.map((row): PlannedRow => {
    const k = cellAt(row.cells, keyAt, key);
    const stored = k === '' ? undefined : existing.get(k);
    const fields: Row = {};
    const errors: Record<string, string> = {};
    for (const [i, f] of columns.entries()) {
      if (!f || !writable.has(f)) continue;
      const cell = cellAt(row.cells, i, f);
      // An empty cell leaves an existing record's value as it is, and a new one's default.
      if (cell === '') continue;
      if (rules?.hidden.has(f.name)) {
        errors[f.name] = 'is hidden from you';
        continue;
      }
      if (f.kind === 'status') {
        const v = statusValue(cell);
        if (v === undefined) errors[f.name] = 'must be Active or Inactive';
        else fields[f.name] = v;
      } else if (f.kind === 'reference') {
        const id = references.get(f.name)?.get(cell) ?? references.get(f.name)?.get(cell.split(' — ')[0] ?? '');
        if (id === undefined) errors[f.name] = `refers to an unknown ${f.reference}: "${cell}"`;
        else if (id === 'ambiguous') errors[f.name] = `"${cell}" names more than one ${f.reference}; give its code`;
        else fields[f.name] = id;
      } else if ((f.kind === 'money' || f.kind === 'integer') && !row.numbers?.[i]) fields[f.name] = numberCell(cell, numbersIn);
      else fields[f.name] = cell;
    }
    const planned = planWrite(d, normaliseFields(d, fields), [], stored, ctx.timeZone);
    if (stored && rules?.where.length && !rules.admits(stored)) errors[key.name] = 'is outside the records your rules allow';
    const problems = { ...planned.errors, ...errors };
    if (Object.keys(problems).length) {
      const translated = Object.fromEntries(Object.entries(problems).map(([name, m]) => [name, serverText(lang, d, m, name)]));
      return { line: row.line, key: k, state: 'error', errors: translated };
    }
    if (!stored) return { line: row.line, key: k, state: 'new', fields };
    const changed = Object.entries(planned.values).some(([name, v]) => name !== 'updated_at' && !same(v, stored[name]));
    return { line: row.line, key: k, state: changed ? 'update' : 'unchanged', fields, existing: stored };
  });
}
