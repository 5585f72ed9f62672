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

/** What an update writes once re-based on the record as it is at the moment of writing. */
export interface Rebased {
  /** Column values to write. */
  values: Row;
  /** Stored picture paths the write makes unused (to delete once it is stored). */
  dropped: string[];
  /** Field -> message when the other writes since leave this one impossible. */
  errors: Record<string, string>;
}

/**
 * Re-bases an update's values (worked out from `existing`, the record as read when the request
 * began) on `current`, the record as it is now, read under a lock just before the write, so that
 * whatever another write stored meanwhile is kept:
 * - a picture list keeps the pictures others added and loses those others removed; this write
 *   removes only what it removed from the list it read, and adds its own uploads;
 * - a single picture replaced or cleared drops the picture stored now, not the one read before;
 * - derived values are worked out from the columns as they will be stored.
 * Pure: the caller reads, locks and writes.
 */
export function rebase(d: ResourceDescriptor, planned: Row, existing: Row, current: Row): Rebased {
  const values: Row = { ...planned };
  const dropped: string[] = [];
  const errors: Record<string, string> = {};
  for (const f of d.fields) {
    if (!has(planned, f.name)) continue;
    if (f.kind === 'imageList') {
      const before = parseStringList(existing[f.name]);
      const wanted = parseStringList(planned[f.name]);
      const now = parseStringList(current[f.name]);
      const removed = before.filter((p) => !wanted.includes(p));
      const added = wanted.filter((p) => !before.includes(p) && !now.includes(p));
      // Untouched by others meanwhile: this write's list as sent, in its own order.
      const untouched = now.length === before.length && now.every((p, i) => p === before[i]);
      values[f.name] = untouched ? JSON.stringify(wanted) : JSON.stringify([...now.filter((p) => !removed.includes(p)), ...added]);
      dropped.push(...removed.filter((p) => now.includes(p)));
    } else if (f.kind === 'image') {
      const now = current[f.name];
      if (typeof now === 'string' && now && now !== planned[f.name]) dropped.push(now);
    }
  }
  const merged: Row = { ...current, ...values };
  for (const f of d.fields) {
    const derived = derivationOf(f);
    if (derived) values[f.name] = merged[f.name] = derivedValue(derived, merged);
  }
  for (const f of d.fields) {
    if (f.kind !== 'imageList' || !f.required || !has(values, f.name) || !isVisible(f, merged)) continue;
    if (parseStringList(values[f.name]).length === 0)
      errors[f.name] = `${f.name} was changed by another request at the same time and would be left empty; reload and try again`;
  }
  return { values, dropped, errors };
}
