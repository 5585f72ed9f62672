import { ScimError } from './errors';

/**
 * SCIM filters (RFC 7644 section 3.4.2.2): `userName eq "bjensen"`, `name.familyName co "O'Malley"`,
 * `meta.lastModified gt "2011-05-13T04:42:34Z"`, `title pr`, `emails[type eq "work" and value co
 * "@example.com"]`, joined by `and`, `or`, `not (...)` and parentheses. Parsed into a tree, then
 * evaluated on each resource as SCIM answers it (attribute names and text compared without case,
 * as the RFC says for case-insensitive attributes). Anything else is `invalidFilter`.
 */
export type Filter =
  | { op: 'and' | 'or'; left: Filter; right: Filter }
  | { op: 'not'; filter: Filter }
  | { op: 'pr'; path: string[] }
  | { op: Compare; path: string[]; value: string | number | boolean | null }
  | { op: 'has'; path: string[]; filter: Filter };

type Compare = 'eq' | 'ne' | 'co' | 'sw' | 'ew' | 'gt' | 'ge' | 'lt' | 'le';
const COMPARE = new Set<string>(['eq', 'ne', 'co', 'sw', 'ew', 'gt', 'ge', 'lt', 'le']);
const MAX_FILTER = 1000;

type Token = { kind: 'word'; text: string } | { kind: 'string'; text: string } | { kind: 'punct'; text: '(' | ')' | '[' | ']' };

const invalid = (why: string) => new ScimError(400, `The filter is malformed: ${why}`, 'invalidFilter');

function tokens(input: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < input.length) {
    const c = input.charAt(i);
    if (/\s/.test(c)) {
      i++;
    } else if (c === '(' || c === ')' || c === '[' || c === ']') {
      out.push({ kind: 'punct', text: c });
      i++;
    } else if (c === '"') {
      let text = '';
      i++;
      for (;;) {
        if (i >= input.length) throw invalid('a quoted value is not closed');
        const d = input.charAt(i);
        if (d === '"') break;
        if (d === '\\') {
          const e = input.charAt(i + 1);
          if (!e) throw invalid('a quoted value ends with a backslash');
          text += e === 'n' ? '\n' : e === 't' ? '\t' : e;
          i += 2;
          continue;
        }
        text += d;
        i++;
      }
      i++;
      out.push({ kind: 'string', text });
    } else {
      const m = /^[A-Za-z0-9_.:$+-]+/.exec(input.slice(i));
      if (!m) throw invalid(`unexpected "${c}" at ${i + 1}`);
      out.push({ kind: 'word', text: m[0] });
      i += m[0].length;
    }
  }
  return out;
}

/** `urn:...:User:department` keeps the schema as one step; `name.givenName` is two. */
function pathOf(word: string): string[] {
  if (!/^[A-Za-z]/.test(word)) throw invalid(`"${word}" is not an attribute`);
  const urn = /^(urn:[^ ]+):([A-Za-z][A-Za-z0-9_$-]*)((?:\.[A-Za-z][A-Za-z0-9_$-]*)*)$/.exec(word);
  if (urn) {
    const [, schema = '', attr = '', subs = ''] = urn;
    return [schema.toLowerCase(), attr.toLowerCase(), ...(subs ? subs.slice(1).toLowerCase().split('.') : [])];
  }
  if (!/^[A-Za-z][A-Za-z0-9_$-]*(\.[A-Za-z][A-Za-z0-9_$-]*)?$/.test(word)) throw invalid(`"${word}" is not an attribute path`);
  return word.toLowerCase().split('.');
}

export function parseFilter(input: string): Filter {
  if (input.length > MAX_FILTER) throw invalid(`longer than ${MAX_FILTER} characters`);
  const list = tokens(input);
  let at = 0;
  const peek = () => list[at];
  const word = (t: Token | undefined, w: string) => t?.kind === 'word' && t.text.toLowerCase() === w;
  const expect = (text: string) => {
    const t = list[at++];
    if (t?.kind !== 'punct' || t.text !== text) throw invalid(`"${text}" expected`);
  };

  function or(): Filter {
    let left = and();
    while (word(peek(), 'or')) {
      at++;
      left = { op: 'or', left, right: and() };
    }
    return left;
  }
  function and(): Filter {
    let left = unary();
    while (word(peek(), 'and')) {
      at++;
      left = { op: 'and', left, right: unary() };
    }
    return left;
  }
  function unary(): Filter {
    const t = peek();
    if (word(t, 'not')) {
      at++;
      expect('(');
      const inner = or();
      expect(')');
      return { op: 'not', filter: inner };
    }
    if (t?.kind === 'punct' && t.text === '(') {
      at++;
      const inner = or();
      expect(')');
      return inner;
    }
    return comparison();
  }
  function comparison(): Filter {
    const t = list[at++];
    if (t?.kind !== 'word') throw invalid('an attribute expected');
    const path = pathOf(t.text);
    const next = peek();
    if (next?.kind === 'punct' && next.text === '[') {
      at++;
      const inner = or();
      expect(']');
      return { op: 'has', path, filter: inner };
    }
    const op = list[at++];
    if (op?.kind !== 'word') throw invalid(`an operator expected after "${t.text}"`);
    const name = op.text.toLowerCase();
    if (name === 'pr') return { op: 'pr', path };
    if (!COMPARE.has(name)) throw invalid(`"${op.text}" is not an operator`);
    const v = list[at++];
    if (!v || v.kind === 'punct') throw invalid(`a value expected after "${op.text}"`);
    let value: string | number | boolean | null;
    if (v.kind === 'string') value = v.text;
    else if (v.text === 'true' || v.text === 'false') value = v.text === 'true';
    else if (v.text === 'null') value = null;
    else if (/^-?\d+(\.\d+)?$/.test(v.text)) value = Number(v.text);
    else throw invalid(`"${v.text}" is not a value (text goes in double quotes)`);
    return { op: name as Compare, path, value };
  }

  if (!list.length) throw invalid('it is empty');
  const tree = or();
  const extra = list[at];
  if (extra) throw invalid(`unexpected "${extra.text}"`);
  return tree;
}

/** The attribute's values at `path` (case-insensitive names; lists flattened). */
function valuesAt(resource: unknown, path: readonly string[]): unknown[] {
  let here: unknown[] = [resource];
  for (const step of path) {
    const next: unknown[] = [];
    for (const v of here) {
      if (!v || typeof v !== 'object' || Array.isArray(v)) continue;
      const key = Object.keys(v).find((k) => k.toLowerCase() === step);
      if (key === undefined) continue;
      const value = (v as Record<string, unknown>)[key];
      if (Array.isArray(value)) next.push(...(value as unknown[]));
      else next.push(value);
    }
    here = next;
  }
  return here;
}

function compare(op: Compare, actual: unknown, expected: string | number | boolean | null): boolean {
  if (expected === null)
    return op === 'eq' ? actual === null || actual === undefined : op === 'ne' ? actual !== null && actual !== undefined : false;
  if (typeof expected === 'boolean' || typeof expected === 'number') {
    if (op === 'eq') return actual === expected;
    if (op === 'ne') return actual !== expected;
    if (typeof expected === 'number' && typeof actual === 'number')
      return op === 'gt'
        ? actual > expected
        : op === 'ge'
          ? actual >= expected
          : op === 'lt'
            ? actual < expected
            : op === 'le'
              ? actual <= expected
              : false;
    return false;
  }
  if (typeof actual !== 'string') return op === 'ne';
  const a = actual.toLowerCase();
  const e = expected.toLowerCase();
  switch (op) {
    case 'eq':
      return a === e;
    case 'ne':
      return a !== e;
    case 'co':
      return a.includes(e);
    case 'sw':
      return a.startsWith(e);
    case 'ew':
      return a.endsWith(e);
    case 'gt':
      return a > e;
    case 'ge':
      return a >= e;
    case 'lt':
      return a < e;
    case 'le':
      return a <= e;
  }
}

export function matches(filter: Filter, resource: unknown): boolean {
  switch (filter.op) {
    case 'and':
      return matches(filter.left, resource) && matches(filter.right, resource);
    case 'or':
      return matches(filter.left, resource) || matches(filter.right, resource);
    case 'not':
      return !matches(filter.filter, resource);
    case 'pr':
      return valuesAt(resource, filter.path).some((v) => v !== null && v !== undefined && v !== '' && !(Array.isArray(v) && !v.length));
    case 'has':
      return valuesAt(resource, filter.path).some((v) => matches(filter.filter, v));
    default: {
      const values = valuesAt(resource, filter.path);
      if (filter.op === 'ne') return values.every((v) => compare('ne', v, filter.value));
      return values.some((v) => compare(filter.op, v, filter.value));
    }
  }
}
