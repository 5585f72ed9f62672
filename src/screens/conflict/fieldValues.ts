import { derivationOf, derivedValue, type Derivation, type Field } from '../../../resources';

/** One field the conflict dialog compares, with how to show it. */
export interface ConflictField {
  name: string;
  /** A translation key or text. */
  label: string;
  /** A label already in the user's language (a menu's name), shown as it is. */
  text?: string;
  kind?: 'text' | 'image' | 'images' | 'html' | 'flag' | 'list';
  /**
   * Worked out from other fields (a medicine's profit: sale minus purchase): never a choice of its
   * own, it follows the inputs chosen (a kept "mine" beside taken "theirs" inputs would save a sum
   * that is neither side's and wrong).
   */
  derived?: Derivation;
}

type Values = Record<string, unknown>;

/** A picture value: a stored path, or a file just chosen ({rawFile, src, title} from the input). */
export interface Picture {
  src: string;
  /** A file chosen in this form, not yet stored. */
  chosen: boolean;
  key: string;
}

function pictureOf(value: unknown): Picture | undefined {
  if (typeof value === 'string') return value === '' ? undefined : { src: value, chosen: false, key: value };
  if (value && typeof value === 'object') {
    const v = value as { rawFile?: unknown; src?: unknown; path?: unknown; title?: unknown };
    if (v.rawFile instanceof File) {
      const f = v.rawFile;
      return { src: typeof v.src === 'string' ? v.src : '', chosen: true, key: `file:${f.name}:${f.size}:${f.lastModified}` };
    }
    const path = typeof v.path === 'string' ? v.path : typeof v.src === 'string' ? v.src : undefined;
    if (path) return { src: path, chosen: false, key: path };
  }
  return undefined;
}

/** The pictures a value holds, in order. */
export const picturesOf = (value: unknown): Picture[] =>
  (Array.isArray(value) ? value : [value]).map(pictureOf).filter((p): p is Picture => p !== undefined);

/** A comparable form of a value: blank is blank, a number equals its text, pictures compare by what they are. */
function canonical(field: ConflictField, value: unknown): string {
  if (field.kind === 'image' || field.kind === 'images') return JSON.stringify(picturesOf(value).map((p) => p.key));
  if (value === undefined || value === null || value === '') return '';
  if (field.kind === 'flag') return value === true || Number(value) === 1 ? '1' : '0';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return value.trim();
  if (Array.isArray(value)) return JSON.stringify((value as unknown[]).map((v) => (typeof v === 'number' ? String(v) : v)));
  return JSON.stringify(value);
}

export const sameValue = (field: ConflictField, a: unknown, b: unknown): boolean => canonical(field, a) === canonical(field, b);

/** The fields whose values differ between two versions of a record. */
export const differing = (fields: readonly ConflictField[], a: Values, b: Values): ConflictField[] =>
  fields.filter((f) => !sameValue(f, a[f.name], b[f.name]));

export type Choice = 'yours' | 'theirs';

/** What to keep by default: theirs where only they changed the field, yours where you did. */
export const defaultChoice = (field: ConflictField, base: Values, yours: Values): Choice =>
  sameValue(field, yours[field.name], base[field.name]) ? 'theirs' : 'yours';

/**
 * Your values, with theirs taken where chosen: nothing typed elsewhere in the form is dropped. The
 * derived fields are then worked out again from the values kept (a choice made for one is ignored).
 */
export function merge(
  yours: Values,
  theirs: Values,
  choices: Readonly<Record<string, Choice>>,
  fields: readonly ConflictField[] = [],
): Values {
  const out: Values = { ...yours };
  for (const [name, choice] of Object.entries(choices)) if (choice === 'theirs') out[name] = theirs[name];
  for (const f of fields) if (f.derived) out[f.name] = derivedValue(f.derived, out);
  return out;
}

/** A descriptor's form fields as the dialog compares them. */
export function descriptorFields(resource: string, fields: readonly Field[]): ConflictField[] {
  return fields
    .filter((f) => !f.formHidden)
    .map((f) => ({
      ...(derivationOf(f) && { derived: derivationOf(f) }),
      name: f.name,
      label: `resources.${resource}.fields.${f.name}`,
      kind:
        f.kind === 'image'
          ? 'image'
          : f.kind === 'imageList'
            ? 'images'
            : f.kind === 'richText'
              ? 'html'
              : f.kind === 'status'
                ? 'flag'
                : f.kind === 'rows'
                  ? 'list'
                  : 'text',
    }));
}
