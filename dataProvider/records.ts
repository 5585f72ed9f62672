import type { RaRecord } from 'react-admin';
import { asText, parseJsonList as parseList, type Field, type Registry, type ResourceDescriptor } from '../resources';

/** A record as the contract sends it: idField + fields + embedded reference objects. */
export type ApiRecord = Record<string, unknown>;

/**
 * Where the console keeps a reference's embedded object. A reference embedded in place of its id
 * (`user_branch: {branch_id, ...}`) is split: the form edits the id under the field's name, the
 * table shows the object kept under `<name>__embedded`.
 */
export function embeddedKey(f: Extract<Field, { kind: 'reference' }>): string {
  return f.embedAs === f.name ? `${f.name}__embedded` : f.embedAs;
}

/** Contract record -> react-admin record: `id` mirrors the idField, JSON text lists become arrays. */
export function fromApi(d: ResourceDescriptor, raw: ApiRecord, registry?: Registry): RaRecord {
  const record: ApiRecord = { ...raw, id: raw[d.idField] };
  for (const f of d.fields) {
    if (f.kind === 'rows' || f.kind === 'imageList') record[f.name] = parseList(raw[f.name]);
    const value = raw[f.name];
    if (f.kind === 'reference' && f.embedAs === f.name && value !== null && typeof value === 'object') {
      const idField = registry?.find(f.reference)?.idField ?? '';
      record[embeddedKey(f)] = value;
      record[f.name] = (value as ApiRecord)[idField] ?? null;
    }
  }
  return record as RaRecord;
}

/** A file chosen in an ImageInput: react-admin wraps it as {rawFile, src, title}. */
export function newFile(value: unknown): File | undefined {
  if (value instanceof File) return value;
  if (value && typeof value === 'object' && 'rawFile' in value && value.rawFile instanceof File) return value.rawFile;
  return undefined;
}

/** A stored path still in the list: a plain string, or the preview object the input made of it. */
function keptPath(value: unknown): string | undefined {
  if (typeof value === 'string') return value || undefined;
  if (value && typeof value === 'object' && !('rawFile' in value) && 'path' in value && typeof value.path === 'string') return value.path;
  return undefined;
}

type Part = { kind: 'text'; value: string } | { kind: 'file'; value: File } | { kind: 'omit' };

/**
 * How one field travels. Images: a new File is uploaded, an unchanged stored path is left out
 * (the server keeps it), a removed image (null / '') is sent as '' so the server clears it.
 */
function partsOf(f: Field, value: unknown): [string, Part][] {
  if (value === undefined) return [];
  switch (f.kind) {
    case 'image': {
      const file = newFile(value);
      if (file) return [[f.name, { kind: 'file', value: file }]];
      if (typeof value === 'string' && value !== '') return [[f.name, { kind: 'omit' }]];
      return [[f.name, { kind: 'text', value: '' }]];
    }
    case 'imageList': {
      // Kept stored paths travel as JSON text under `<name>_json`, new files under `<name>`.
      const items = Array.isArray(value) ? value : [];
      const kept = items.map(keptPath).filter((v): v is string => v !== undefined);
      const files = items.map(newFile).filter((v): v is File => v !== undefined);
      return [
        [`${f.name}_json`, { kind: 'text', value: JSON.stringify(kept) }],
        ...files.map((file): [string, Part] => [f.name, { kind: 'file', value: file }]),
      ];
    }
    case 'rows':
      return [[f.name, { kind: 'text', value: JSON.stringify(Array.isArray(value) ? value : parseList(value)) }]];
    default:
      return [[f.name, { kind: 'text', value: value === null ? '' : asText(value) }]];
  }
}

/** The descriptor's body-only values that were typed (passwords), as text. */
function bodyOnly(d: ResourceDescriptor, data: ApiRecord): [string, string][] {
  return (d.bodyOnly ?? []).flatMap((name) => {
    const value = data[name];
    return typeof value === 'string' && value !== '' ? [[name, value] as [string, string]] : [];
  });
}

/** Multipart body: one part per descriptor field and body-only value (no id, no embedded objects). */
export function toFormData(d: ResourceDescriptor, data: ApiRecord): FormData {
  const form = new FormData();
  for (const f of d.fields) {
    for (const [name, part] of partsOf(f, data[f.name])) {
      if (part.kind === 'file') form.append(name, part.value, part.value.name);
      else if (part.kind === 'text') form.append(name, part.value);
    }
  }
  for (const [name, value] of bodyOnly(d, data)) form.append(name, value);
  return form;
}

/** JSON body: descriptor fields only; rows go back to JSON text, files cannot travel as JSON. */
export function toJson(d: ResourceDescriptor, data: ApiRecord): ApiRecord {
  const body: ApiRecord = {};
  for (const f of d.fields) {
    const value = data[f.name];
    if (value === undefined) continue;
    if (f.kind === 'rows') body[f.name] = JSON.stringify(Array.isArray(value) ? value : parseList(value));
    else if (f.kind === 'imageList')
      body[f.name] = JSON.stringify(
        parseList(value)
          .map(keptPath)
          .filter((v) => v !== undefined),
      );
    else if (f.kind === 'image') {
      if (newFile(value)) continue;
      body[f.name] = typeof value === 'string' ? value : '';
    } else body[f.name] = value;
  }
  for (const [name, value] of bodyOnly(d, data)) body[name] = value;
  return body;
}
