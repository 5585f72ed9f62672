/**
 * The server answers in English ('Data Insert Successfully', 'must be at most 50 characters').
 * The catalogues hold those texts under `server.*` with `%{name}` where the server puts a value;
 * this recognises a server text and names its catalogue key and values, so the console can show
 * it in the current language. Catalogue keys never contain spaces, server sentences do (or are
 * one of the known words), so ordinary keys are never mistaken for server texts.
 *
 * Server texts are also built from other server texts, and are recognised part by part:
 * - a field's message after the field's name, 'title must be text' or 'picture: the image could
 *   not be read' (the shapes `server.field_message` and `server.field_colon_message`);
 * - several messages joined by '; ', as a refusal's message lists its field messages (the shape
 *   `server.message_list`);
 * - a placeholder named `message` (or `message_<anything>`) holds a server text of its own
 *   ('Invalid request: %{message}'), translated in turn; the pattern matches only if it is known.
 * A shape's text has no word outside its placeholders, so it never matches a text by itself.
 */
export interface ServerMessage {
  key: string;
  values: Record<string, string | ServerMessage>;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const PLACEHOLDERS = /%\{\w+\}/g;
const isNested = (name: string) => name === 'message' || name.startsWith('message_');
/** A field's name as the server writes it before its message (`body/title` from the schema validator). */
const FIELD_PREFIX = /^([a-z_][\w/.[\]-]*)(:?) (.+)$/s;
/** Deep enough for a list of field messages inside 'Invalid input: ...'; bounds the work on odd texts. */
const MAX_DEPTH = 6;

interface Pattern {
  regex: RegExp;
  key: string;
  /** Characters outside placeholders: the more a pattern spells out, the earlier it is tried. */
  literal: number;
}

export function serverMessageTranslator(english: Record<string, unknown>, prefix = 'server') {
  const exact = new Map<string, string>();
  const patterns: Pattern[] = [];
  for (const [name, text] of Object.entries(english)) {
    if (typeof text !== 'string') continue;
    const key = `${prefix}.${name}`;
    const literalText = text.replace(PLACEHOLDERS, '');
    if (!/\p{L}/u.test(literalText)) continue; // a shape, not a message
    if (literalText === text) {
      exact.set(text, key);
      continue;
    }
    // A placeholder used twice ('between -%{max} and %{max}') must capture the same value.
    const seen = new Set<string>();
    const source = text
      .split(/(%\{\w+\})/)
      .map((part) => {
        const m = /^%\{(\w+)\}$/.exec(part);
        if (!m?.[1]) return escape(part);
        if (seen.has(m[1])) return `\\k<${m[1]}>`;
        seen.add(m[1]);
        return `(?<${m[1]}>.*?)`;
      })
      .join('');
    patterns.push({ regex: new RegExp(`^${source}$`, 's'), key, literal: literalText.length });
  }
  // 'The request is too large: more than %{max} files' before 'The request is too large: %{what}'.
  patterns.sort((a, b) => b.literal - a.literal);

  const shape = (name: string, values: ServerMessage['values']): ServerMessage => ({ key: `${prefix}.${name}`, values });

  function recognise(text: string, depth: number): ServerMessage | undefined {
    const key = exact.get(text);
    if (key) return { key, values: {} };
    if (!text.includes(' ') || depth > MAX_DEPTH) return undefined;
    const list = asList(text, depth);
    if (list) return list;
    for (const p of patterns) {
      const groups = p.regex.exec(text)?.groups;
      if (!groups) continue;
      const values: ServerMessage['values'] = {};
      let known = true;
      for (const [name, value] of Object.entries(groups)) {
        if (!isNested(name)) values[name] = value;
        else {
          const inner = recognise(value, depth + 1);
          if (inner) values[name] = inner;
          else known = false;
        }
      }
      if (known) return { key: p.key, values };
    }
    const field = FIELD_PREFIX.exec(text);
    if (field?.[1] && field[3]) {
      const inner = recognise(field[3], depth + 1);
      if (inner) return shape(field[2] ? 'field_colon_message' : 'field_message', { field: field[1], message: inner });
    }
    return undefined;
  }

  /** 'a; b; c' when it splits into known messages (one of which may itself hold a '; '). */
  function asList(text: string, depth: number): ServerMessage | undefined {
    const parts = text.split('; ');
    for (let i = 1; i < parts.length; i++) {
      const first = recognise(parts.slice(0, i).join('; '), depth + 1);
      if (!first) continue;
      const more = recognise(parts.slice(i).join('; '), depth + 1);
      if (more) return shape('message_list', { message: first, message_more: more });
    }
    return undefined;
  }

  // The console asks for every label it draws; a text once read need not be read again.
  const known = new Map<string, ServerMessage | undefined>();
  return (text: string): ServerMessage | undefined => {
    if (known.has(text)) return known.get(text);
    if (known.size > 2000) known.clear();
    const found = recognise(text, 0);
    known.set(text, found);
    return found;
  };
}

/**
 * A recognised server text in the current language: inner messages first, then their frame; a
 * `resource` value (a resource's name, 'department') as that resource's label, when it has one;
 * a `field` value (a column name, 'branch_email') as the field's label, when `fieldLabel` knows it:
 * a message never shows a column name where a label exists.
 */
export function renderServerMessage(
  message: ServerMessage,
  translate: (key: string, options?: Record<string, unknown>) => string,
  options: Record<string, unknown> = {},
  fieldLabel?: (field: string) => string | undefined,
): string {
  const shown = (name: string, v: string | ServerMessage) =>
    typeof v !== 'string'
      ? renderServerMessage(v, translate, {}, fieldLabel)
      : name === 'resource'
        ? translate(`resources.${v}.name`, { smart_count: 1, _: v })
        : name === 'field'
          ? (fieldLabel?.(v) ?? v)
          : v;
  const values = Object.fromEntries(Object.entries(message.values).map(([name, v]) => [name, shown(name, v)]));
  return translate(message.key, { ...options, ...values });
}

/**
 * Which resources have a field (or rows sub-field) of each name, from a catalogue's
 * `resources.<name>.fields`: `branch_email` -> ['branch']. A server message names a field by its
 * column, not its resource; most columns carry their entity's prefix, so one owner is the rule.
 */
export function fieldOwners(resources: Record<string, { fields?: Record<string, unknown> }>): Map<string, string[]> {
  const owners = new Map<string, string[]>();
  for (const [resource, labels] of Object.entries(resources)) {
    for (const field of Object.keys(labels.fields ?? {})) owners.set(field, [...(owners.get(field) ?? []), resource]);
  }
  return owners;
}
