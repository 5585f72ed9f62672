import { sql, type ColumnDataType, type RawBuilder } from 'kysely';
import type { Dialect } from '../db/database';
import type { Field, FieldKind } from '../../resources';

/**
 * One table from field kind to its SQL column and its input coercion. The `Record<FieldKind, ...>`
 * type makes the compiler fail when a kind is added to resources/types.ts without an entry here.
 *
 * coerce() turns what a client sent (JSON value or multipart text) into the stored value, or
 * answers a human error. `undefined` in means "not sent"; the caller decides on defaults.
 * Images are not coerced here: uploads are handled by crud/images.ts.
 */
export type Coerced = { ok: true; value: unknown } | { ok: false; error: string };

interface KindSpec {
  column(dialect: Dialect): ColumnDataType | RawBuilder<unknown>;
  coerce(value: unknown, field: Field): Coerced;
}

/** Largest value of a 32-bit SQL integer (PostgreSQL `integer`, our ids and whole numbers). */
export const MAX_INT = 2_147_483_647;

const ok = (value: unknown): Coerced => ({ ok: true, value });
const fail = (error: string): Coerced => ({ ok: false, error });

const isBlank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

function text(value: unknown, field: Field): Coerced {
  if (isBlank(value)) return ok('');
  if (typeof value !== 'string' && typeof value !== 'number') return fail('must be text');
  // NUL cannot be stored in PostgreSQL text and has no place in a form value. Line breaks are
  // stored as \n: multipart (and browsers submitting a textarea) send \r\n.
  const s = String(value)
    .replace(/\u0000/g, '')
    .replace(/\r\n?/g, '\n')
    .trim();
  if (field.kind !== 'longText' && field.kind !== 'richText' && 'maxLength' in field && field.maxLength && s.length > field.maxLength) {
    return fail(`must be at most ${field.maxLength} characters`);
  }
  return ok(s);
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^[0-9+()\-.\s]{3,30}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATETIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;

function number(value: unknown, integer: boolean): Coerced {
  if (isBlank(value)) return ok(null);
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : NaN;
  if (!Number.isFinite(n)) return fail('must be a number');
  if (integer && !Number.isInteger(n)) return fail('must be a whole number');
  if (Math.abs(n) > MAX_INT) return fail(`must be between -${MAX_INT} and ${MAX_INT}`);
  return ok(integer ? n : Math.round(n * 100) / 100);
}

function isWebUrl(s: string): boolean {
  try {
    const u = new URL(s);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
  } catch {
    return false;
  }
}

function validDate(s: string): boolean {
  const t = Date.parse(s.length === 10 ? `${s}T00:00:00Z` : s.replace(' ', 'T'));
  return Number.isFinite(t) && new Date(t).toISOString().slice(0, 10) === s.slice(0, 10);
}

const money = (d: Dialect) => (d === 'postgres' ? sql`double precision` : ('real' as const));

export const kinds: Record<FieldKind, KindSpec> = {
  text: { column: () => 'text', coerce: text },
  url: {
    column: () => 'text',
    // Links are opened by the console, so only web addresses: never javascript: or data: URLs.
    coerce: (v, f) => {
      const r = text(v, f);
      return r.ok && r.value !== '' && !isWebUrl(String(r.value)) ? fail('must be a web address starting with http:// or https://') : r;
    },
  },
  email: {
    column: () => 'text',
    coerce: (v, f) => {
      const r = text(v, f);
      return r.ok && r.value !== '' && !EMAIL.test(String(r.value)) ? fail('must be an e-mail address') : r;
    },
  },
  phone: {
    column: () => 'text',
    coerce: (v, f) => {
      const r = text(v, f);
      return r.ok && r.value !== '' && !PHONE.test(String(r.value)) ? fail('must be a phone number') : r;
    },
  },
  longText: { column: () => 'text', coerce: text },
  // Sanitised by the caller (crud/sanitize.ts) after coercion.
  richText: { column: () => 'text', coerce: text },
  integer: { column: () => 'integer', coerce: (v) => number(v, true) },
  money: { column: money, coerce: (v) => number(v, false) },
  status: {
    column: () => 'integer',
    coerce: (v) => {
      if (isBlank(v)) return ok(null);
      if (v === true || v === 1 || v === '1' || v === 'true') return ok(1);
      if (v === false || v === 0 || v === '0' || v === 'false') return ok(0);
      return fail('must be 1 (active) or 0 (inactive)');
    },
  },
  date: {
    column: () => 'text',
    coerce: (v) => {
      if (isBlank(v)) return ok(null);
      const s = String(v).trim().slice(0, 10);
      return typeof v === 'string' && DATE.test(s) && validDate(s) ? ok(s) : fail('must be a date (YYYY-MM-DD)');
    },
  },
  datetime: {
    column: () => 'text',
    coerce: (v) => {
      if (isBlank(v)) return ok(null);
      const s = String(v).trim();
      return typeof v === 'string' && DATETIME.test(s) && validDate(s)
        ? ok(s.replace('T', ' ').slice(0, 19))
        : fail('must be a date and time (YYYY-MM-DD HH:mm:ss)');
    },
  },
  choice: {
    column: () => 'text',
    coerce: (v, f) => {
      if (isBlank(v)) return ok(null);
      const choices = f.kind === 'choice' ? f.choices : [];
      return typeof v === 'string' && choices.includes(v) ? ok(v) : fail(`must be one of: ${choices.join(', ')}`);
    },
  },
  // Existence of the referenced record is checked by crud/validate.ts (it needs the database).
  reference: {
    column: () => 'integer',
    coerce: (v) => {
      if (isBlank(v) || v === 0 || v === '0') return ok(null);
      const r = number(v, true);
      return r.ok && typeof r.value === 'number' && r.value < 1 ? fail('must be a record id') : r;
    },
  },
  image: { column: () => 'text', coerce: (v) => ok(isBlank(v) ? '' : v) },
  imageList: { column: () => 'text', coerce: (v) => ok(isBlank(v) ? '[]' : v) },
  rows: {
    column: () => 'text',
    coerce: (v, f) => {
      if (f.kind !== 'rows') return fail('is not a row list');
      if (isBlank(v)) return ok('[]');
      let rows: unknown = v;
      if (typeof v === 'string') {
        try {
          rows = JSON.parse(v);
        } catch {
          return fail('must be a JSON list of rows');
        }
      }
      if (!Array.isArray(rows)) return fail('must be a list of rows');
      const clean: Record<string, string>[] = [];
      for (const [i, row] of rows.entries()) {
        if (typeof row !== 'object' || row === null || Array.isArray(row)) return fail(`row ${i + 1} must be an object`);
        const out: Record<string, string> = {};
        for (const sub of f.of) {
          const raw = (row as Record<string, unknown>)[sub.name];
          const val = isBlank(raw) ? '' : typeof raw === 'string' || typeof raw === 'number' ? String(raw).trim() : null;
          if (val === null) return fail(`row ${i + 1}: ${sub.name} must be text`);
          if (sub.required && val === '') return fail(`row ${i + 1}: ${sub.name} is required`);
          if (val !== '' && sub.kind === 'email' && !EMAIL.test(val)) return fail(`row ${i + 1}: ${sub.name} must be an e-mail address`);
          if (val !== '' && sub.kind === 'phone' && !PHONE.test(val)) return fail(`row ${i + 1}: ${sub.name} must be a phone number`);
          out[sub.name] = val;
        }
        clean.push(out);
      }
      return ok(JSON.stringify(clean));
    },
  },
};
