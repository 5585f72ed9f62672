/** A change as the trail records it: a field's value before and after, or only that a secret changed. */
export interface FieldChange {
  name: string;
  before?: unknown;
  after?: unknown;
  /** A secret (a password hash): changed, with no value. */
  secret?: boolean;
}

/** A permission change: the slugs granted and withdrawn. */
export interface SlugChange {
  granted: string[];
  withdrawn: string[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : []);

/** A permission change's slugs, when the entry is one (`{granted, withdrawn}`). */
export function slugChangeOf(changes: unknown): SlugChange | undefined {
  if (!isObject(changes) || !('granted' in changes || 'withdrawn' in changes)) return undefined;
  if (isObject(changes.granted) || isObject(changes.withdrawn)) return undefined;
  return { granted: strings(changes.granted), withdrawn: strings(changes.withdrawn) };
}

/** The entry's field changes, in the order the server wrote them (by field name). */
export function fieldChangesOf(changes: unknown): FieldChange[] {
  if (!isObject(changes) || slugChangeOf(changes)) return [];
  return Object.entries(changes).flatMap(([name, change]): FieldChange[] => {
    if (!isObject(change)) return [{ name, after: change }];
    if (change.changed === true && !('before' in change) && !('after' in change)) return [{ name, secret: true }];
    return [{ name, before: change.before, after: change.after }];
  });
}

/** Picture paths of an image or image-list value (stored as a path, an array, or an array as JSON text). */
export function picturePaths(value: unknown): string[] {
  let v = value;
  if (typeof v === 'string' && v.trim().startsWith('[')) {
    try {
      v = JSON.parse(v) as unknown;
    } catch {
      // Not JSON after all: one path that starts with a bracket.
    }
  }
  return (Array.isArray(v) ? v : [v]).filter((p): p is string => typeof p === 'string' && p !== '');
}

/** A value as plain text (numbers, choices and references as stored). */
export function plainText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}
