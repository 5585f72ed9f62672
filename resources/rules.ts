import type { Derivation, Field, ResourceDescriptor, SubField } from './types';

/**
 * The meaning of a descriptor's declarations, written once: defaults, derived values, conditional
 * visibility, JSON-text lists and value coercion with every declared constraint (min, max,
 * maxLength, pattern, choices). Pure functions only: the server's validation (server/crud/values.ts),
 * the console's forms (src/screens, src/fields) and the data provider (dataProvider/records.ts)
 * all call these, so the two sides cannot disagree.
 *
 * Dates: "today" and "now" are those of the server's configured time zone (`TZ`), which the
 * console reads from `GET /api/server-time`; both sides pass that zone in.
 */

/** Largest value of a 32-bit SQL integer (PostgreSQL `integer`, our ids and whole numbers). */
export const MAX_INT = 2_147_483_647;

/**
 * The most rows one list answer holds (its `limit`, and the default without one: the spec's client
 * expects whole lists). A form's select asks for this many active records, so every one of them
 * can be chosen, not only a first page.
 */
export const MAX_LIST_LIMIT = 1000;

export const isBlank = (v: unknown): boolean => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

// ---------------------------------------------------------------------------------------------
// JSON-text lists (rows, picture lists): the contract stores and exchanges them as JSON text.

/** JSON text (or an array) -> list; anything unreadable becomes an empty list (the spec's rule for rows). */
export function parseJsonList(value: unknown): unknown[] {
  if (Array.isArray(value)) return value as unknown[];
  if (typeof value !== 'string' || value === '') return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? (parsed as unknown[]) : [];
  } catch {
    return [];
  }
}

/** A query or form value as text: numbers and booleans as written, anything else as JSON. */
export const asText = (v: unknown): string =>
  typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint' ? String(v) : JSON.stringify(v);

/** A list of stored paths (picture lists): the strings of parseJsonList. */
export const parseStringList = (value: unknown): string[] => parseJsonList(value).filter((s): s is string => typeof s === 'string');

// ---------------------------------------------------------------------------------------------
// Visibility and derived values.

/** A field with `visibleWhen` is shown (and required) only while the other field holds a listed value. */
export function isVisible(field: Field, values: Readonly<Record<string, unknown>>): boolean {
  if (!field.visibleWhen) return true;
  const current = values[field.visibleWhen.field];
  if (current === null || current === undefined) return false;
  const text = typeof current === 'string' || typeof current === 'number' ? String(current) : '';
  return field.visibleWhen.in.some((v) => String(v) === text);
}

const toNumber = (v: unknown): number => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : 0;
  return Number.isFinite(n) ? n : 0;
};

/** Rounded to cents so 1.2 - 0.8 is 0.4, not 0.39999999999999997. */
export const roundCents = (n: number): number => Math.round(n * 100) / 100;

/** value = a - b, from the current values (blank or unreadable sources count as 0). */
export function derivedValue(derived: Derivation, values: Readonly<Record<string, unknown>>): number {
  const [a, b] = derived.minus;
  return roundCents(toNumber(values[a]) - toNumber(values[b]));
}

/** The derivation of a field, if it has one. */
export const derivationOf = (f: Field): Derivation | undefined => (f.kind === 'integer' || f.kind === 'money' ? f.derived : undefined);

// ---------------------------------------------------------------------------------------------
// Dates in the server's time zone.

/** Every part of a date and time, two digits each (the year four), on a 24-hour clock. */
export const ALL_DATE_TIME_PARTS: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
};

/**
 * One formatter per zone: building one loads the zone's rules, which cost far more than using it,
 * and the scheduler asks the time on every look (a tenth of the API tests' CPU, bench/SUITE-TIMES.md).
 */
const zoneFormats = new Map<string, Intl.DateTimeFormat>();

function partsIn(timeZone: string, at: Date): Record<string, string> {
  let format = zoneFormats.get(timeZone);
  if (!format) zoneFormats.set(timeZone, (format = new Intl.DateTimeFormat('en-CA', { ...ALL_DATE_TIME_PARTS, timeZone })));
  return Object.fromEntries(format.formatToParts(at).map((p) => [p.type, p.value]));
}

const dateOf = (p: Record<string, string>) => `${p.year ?? ''}-${p.month ?? ''}-${p.day ?? ''}`;

/** The calendar date in a time zone, `YYYY-MM-DD`. */
export function todayIn(timeZone: string, at: Date = new Date()): string {
  return dateOf(partsIn(timeZone, at));
}

/** The wall-clock time in a time zone, `YYYY-MM-DD HH:mm:ss` (how datetimes are stored). */
export function nowIn(timeZone: string, at: Date = new Date()): string {
  const p = partsIn(timeZone, at);
  return `${dateOf(p)} ${p.hour ?? ''}:${p.minute ?? ''}:${p.second ?? ''}`;
}

/** The zone this process runs in (`TZ` on the server); a browser's own zone in the console. */
export const localTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The value a field starts with on create, when the client sent none: the declared default with
 * 'today'/'now' evaluated in `timeZone`; status active; lists empty; derived numbers 0.
 */
export function defaultOf(f: Field, timeZone: string, at: Date = new Date()): unknown {
  switch (f.kind) {
    case 'date':
      return f.default === 'today' ? todayIn(timeZone, at) : (f.default ?? null);
    case 'datetime':
      return f.default === 'now' ? nowIn(timeZone, at) : (f.default ?? null);
    case 'status':
      return f.default ?? 1;
    case 'integer':
    case 'money':
      return f.default ?? (f.derived ? 0 : null);
    case 'rows':
    case 'imageList':
      return '[]';
    case 'image':
      return '';
    case 'reference':
      return f.none ?? null;
    case 'choice':
      return f.default ?? null;
    default:
      return f.default ?? '';
  }
}

/**
 * Values a new record's form starts with: the same defaults as the server's, in the form's
 * shapes (lists as arrays). Fields without a declared default are left out (the inputs start empty).
 */
export function formDefaults(d: ResourceDescriptor, timeZone: string, at: Date = new Date()): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const f of d.fields) {
    if (f.kind === 'rows' || f.kind === 'imageList') values[f.name] = [];
    else if (f.kind === 'status' || derivationOf(f)) values[f.name] = defaultOf(f, timeZone, at);
    else if ('default' in f && f.default !== undefined) values[f.name] = defaultOf(f, timeZone, at);
  }
  for (const f of d.fields) {
    const derived = derivationOf(f);
    if (derived) values[f.name] = derivedValue(derived, values);
  }
  return values;
}

// ---------------------------------------------------------------------------------------------
// Coercion: what a client sent (JSON value or multipart text) -> the stored value, or a message.
// `undefined` means "not sent"; the caller decides on defaults. Pictures are files, handled by
// the server's image store, so image kinds pass through.

export type Coerced = { ok: true; value: unknown } | { ok: false; error: string };

const ok = (value: unknown): Coerced => ({ ok: true, value });
const fail = (error: string): Coerced => ({ ok: false, error });

export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const PHONE = /^[0-9+()\-.\s]{3,30}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATETIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;
// NUL cannot be stored in PostgreSQL text and has no place in a form value.
// eslint-disable-next-line no-control-regex -- matching the NUL character is the point
const NUL = /\u0000/g;

/** Text as stored: no NUL, line breaks as \n (multipart and browsers send \r\n), trimmed. */
export const cleanText = (s: string): string => s.replace(NUL, '').replace(/\r\n?/g, '\n').trim();

function text(value: unknown, field: Field): Coerced {
  if (isBlank(value)) return ok('');
  if (typeof value !== 'string' && typeof value !== 'number') return fail('must be text');
  const s = cleanText(String(value));
  if ((field.kind === 'text' || field.kind === 'email' || field.kind === 'phone' || field.kind === 'url') && s !== '') {
    if (field.maxLength !== undefined && s.length > field.maxLength) return fail(`must be at most ${field.maxLength} characters`);
    if (field.pattern !== undefined && !new RegExp(field.pattern.regex, 'u').test(s)) return fail(field.pattern.message);
  }
  return ok(s);
}

function number(value: unknown, field: Field, integer: boolean): Coerced {
  if (isBlank(value)) return ok(null);
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : NaN;
  if (!Number.isFinite(n)) return fail('must be a number');
  if (integer && !Number.isInteger(n)) return fail('must be a whole number');
  if (Math.abs(n) > MAX_INT) return fail(`must be between -${MAX_INT} and ${MAX_INT}`);
  const v = integer ? n : roundCents(n);
  if (field.kind === 'integer' || field.kind === 'money') {
    if (field.min !== undefined && v < field.min) return fail(`must be at least ${field.min}`);
    if (field.max !== undefined && v > field.max) return fail(`must be at most ${field.max}`);
  }
  return ok(v);
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

function rows(value: unknown, of: readonly SubField[]): Coerced {
  if (isBlank(value)) return ok('[]');
  let list: unknown = value;
  if (typeof value === 'string') {
    try {
      list = JSON.parse(value);
    } catch {
      return fail('must be a JSON list of rows');
    }
  }
  if (!Array.isArray(list)) return fail('must be a list of rows');
  const clean: Record<string, string>[] = [];
  for (const [i, row] of (list as unknown[]).entries()) {
    if (typeof row !== 'object' || row === null || Array.isArray(row)) return fail(`row ${i + 1} must be an object`);
    const out: Record<string, string> = {};
    for (const sub of of) {
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
}

/** Coerces one sent value by the field's kind and checks the field's declared constraints. */
export function coerce(f: Field, value: unknown): Coerced {
  switch (f.kind) {
    case 'text':
    case 'longText':
    case 'richText': // sanitised by the server after coercion
      return text(value, f);
    case 'url': {
      // Links are opened by the console, so only web addresses: never javascript: or data: URLs.
      const r = text(value, f);
      return r.ok && r.value !== '' && !isWebUrl(String(r.value)) ? fail('must be a web address starting with http:// or https://') : r;
    }
    case 'email': {
      const r = text(value, f);
      return r.ok && r.value !== '' && !EMAIL.test(String(r.value)) ? fail('must be an e-mail address') : r;
    }
    case 'phone': {
      const r = text(value, f);
      return r.ok && r.value !== '' && !PHONE.test(String(r.value)) ? fail('must be a phone number') : r;
    }
    case 'integer':
      return number(value, f, true);
    case 'money':
      return number(value, f, false);
    case 'status':
      if (isBlank(value)) return ok(null);
      if (value === true || value === 1 || value === '1' || value === 'true') return ok(1);
      if (value === false || value === 0 || value === '0' || value === 'false') return ok(0);
      return fail('must be 1 (active) or 0 (inactive)');
    case 'date': {
      if (isBlank(value)) return ok(null);
      if (typeof value !== 'string') return fail('must be a date (YYYY-MM-DD)');
      const s = value.trim().slice(0, 10);
      return DATE.test(s) && validDate(s) ? ok(s) : fail('must be a date (YYYY-MM-DD)');
    }
    case 'datetime': {
      if (isBlank(value)) return ok(null);
      const s = typeof value === 'string' ? value.trim() : '';
      return DATETIME.test(s) && validDate(s)
        ? ok(s.replace('T', ' ').slice(0, 19))
        : fail('must be a date and time (YYYY-MM-DD HH:mm:ss)');
    }
    case 'choice':
      if (isBlank(value)) return ok(null);
      return typeof value === 'string' && f.choices.includes(value) ? ok(value) : fail(`must be one of: ${f.choices.join(', ')}`);
    case 'reference': {
      // Whether the referenced record exists is checked by the server (it needs the database).
      if (isBlank(value) || value === 0 || value === '0') return ok(null);
      // Ids are digits only: " 1", "1.0" and "1e0" name no record, though Number() reads each as 1.
      const id = typeof value === 'number' ? value : typeof value === 'string' && /^[1-9][0-9]{0,9}$/.test(value) ? Number(value) : NaN;
      return Number.isInteger(id) && id >= 1 && id <= MAX_INT ? ok(id) : fail('must be a record id');
    }
    case 'image':
      return ok(isBlank(value) ? '' : value);
    case 'imageList':
      return ok(isBlank(value) ? '[]' : value);
    case 'rows':
      return rows(value, f.of);
  }
}
