import { coerce, defaultOf, derivationOf, derivedValue, isVisible, parseStringList, type ResourceDescriptor } from '../../resources';
import type { Row } from '../db/database';
import { sanitizeRichText } from './sanitize';
import type { IncomingFile } from './images';

/**
 * Turns a client body into the values to store, from the descriptor alone: coercion per kind,
 * defaults on create, conditional visibility, required fields, derived values and rich-text
 * sanitising. Checks that need the database (references, duplicates) and image decoding are
 * done by the caller; this module is pure.
 */
export interface Planned {
  /** Column values to write (only changed columns on update). */
  values: Row;
  /** The record as it will be after the write (existing merged with values). */
  merged: Row;
  /** Field -> message for every problem found. */
  errors: Record<string, string>;
  /** New pictures to decode and store, per field. */
  uploads: IncomingFile[];
  /** Stored picture paths that the write makes unused (deleted after a successful write). */
  dropped: string[];
}

const has = (o: object, key: string) => Object.prototype.hasOwnProperty.call(o, key);

const blank = (v: unknown) => v === null || v === undefined || v === '';

/** A stored picture may be echoed back as its path or as a full URL ending with it. */
const sameImage = (sent: unknown, stored: unknown) =>
  typeof sent === 'string' && typeof stored === 'string' && stored !== '' && (sent === stored || sent.endsWith(`/${stored}`));

/** `timeZone` gives 'today' and 'now' their meaning (the server's configured `TZ`). */
export function planWrite(
  d: ResourceDescriptor,
  fields: Record<string, unknown>,
  files: IncomingFile[],
  existing: Row | undefined,
  timeZone: string,
): Planned {
  const creating = !existing;
  const values: Row = {};
  const errors: Record<string, string> = {};
  const uploads: IncomingFile[] = [];
  const dropped: string[] = [];

  for (const f of d.fields) {
    const sent = Object.prototype.hasOwnProperty.call(fields, f.name);
    const raw = fields[f.name];
    const before = existing?.[f.name];
    if (f.kind === 'image') {
      const file = files.find((x) => x.field === f.name);
      if (file) {
        uploads.push(file);
        if (typeof before === 'string' && before) dropped.push(before);
      } else if (sent && blank(raw)) {
        values[f.name] = '';
        if (typeof before === 'string' && before) dropped.push(before);
      } else if (sent && !sameImage(raw, before)) {
        errors[f.name] = 'must be an uploaded image file';
      } else if (creating) {
        values[f.name] = '';
      }
      continue;
    }
    if (f.kind === 'imageList') {
      const added = files.filter((x) => x.field === f.name);
      // Kept pictures come as `<name>_json` beside new files (the contract's multipart), or as the
      // field itself when a JSON body names the list it keeps.
      const keptKey = has(fields, `${f.name}_json`) ? `${f.name}_json` : has(fields, f.name) ? f.name : undefined;
      if (!creating && !keptKey && !added.length) continue;
      const previous = parseStringList(before);
      const kept = keptKey ? parseStringList(fields[keptKey]).filter((p) => previous.includes(p)) : previous;
      dropped.push(...previous.filter((p) => !kept.includes(p)));
      uploads.push(...added);
      values[f.name] = JSON.stringify(kept);
      continue;
    }
    if (derivationOf(f)) continue;
    if (!sent) {
      if (creating) values[f.name] = defaultOf(f, timeZone);
      continue;
    }
    const r = coerce(f, raw);
    if (!r.ok) {
      errors[f.name] = r.error;
      continue;
    }
    let value = r.value;
    if (value === null && creating) value = defaultOf(f, timeZone);
    if (value === null && f.kind === 'reference' && f.none !== undefined) value = f.none;
    if (value === null && f.kind === 'status') value = before ?? defaultOf(f, timeZone);
    if (f.kind === 'richText' && typeof value === 'string') value = sanitizeRichText(value);
    values[f.name] = value;
  }

  const merged: Row = { ...existing, ...values };
  for (const f of d.fields) {
    const derived = derivationOf(f);
    if (derived) values[f.name] = merged[f.name] = derivedValue(derived, merged);
  }
  for (const f of d.fields) {
    if (!f.required || errors[f.name]) continue;
    if (!isVisible(f, merged)) continue;
    const v = merged[f.name];
    const pendingUpload = uploads.some((u) => u.field === f.name);
    if (!pendingUpload && (blank(v) || (f.kind === 'imageList' && parseStringList(v).length === 0)))
      errors[f.name] = `${f.name} is required`;
  }
  for (const [name, msg] of Object.entries(errors)) if (!msg.startsWith(name)) errors[name] = `${name} ${msg}`;
  return { values, merged, errors, uploads, dropped };
}
