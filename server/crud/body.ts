import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { ResourceDescriptor } from '../../resources';
import { uploadLimitsOf, type UploadLimits } from '../config';
import { ApiError } from '../http/envelope';
import { checkPictures, type IncomingFile } from './images';
import { normaliseFields } from './normalise';

/** A create or update body, from JSON or multipart alike. */
export interface WriteBody {
  fields: Record<string, unknown>;
  files: IncomingFile[];
}

const tooLarge = (what: string) => new ApiError(413, `The request is too large: ${what}`);

/**
 * The part names one descriptor accepts: its columns as text, its pictures as files (one per
 * picture field, up to `maxFilesPerField` per picture list) and `<list>_json` for kept pictures.
 */
function acceptedParts(d: ResourceDescriptor, limits: UploadLimits) {
  const text = new Set<string>();
  const files = new Map<string, number>();
  // Values the descriptor takes without a column (a user's password and its confirmation).
  for (const name of d.bodyOnly ?? []) text.add(name);
  // Links (a menu's groups) as JSON text.
  for (const link of d.links ?? []) text.add(link.name);
  for (const f of d.fields) {
    text.add(f.name);
    for (const alias of f.aliases ?? []) text.add(alias);
    if (f.kind === 'image') files.set(f.name, 1);
    if (f.kind === 'imageList') {
      files.set(f.name, limits.maxFilesPerField);
      text.add(`${f.name}_json`);
    }
  }
  return { text, files };
}

const unknownPart = (name: string, d: ResourceDescriptor, asFile: boolean) =>
  new ApiError(422, asFile ? `${name}: ${d.name} takes no file under this name` : `${name}: ${d.name} has no such field`, {
    [name]: asFile ? 'takes no file' : 'is not a field of this record',
  });

/**
 * Reads a write body. Multipart is bounded as a whole (bytes, text parts and their size, files
 * per picture field, pixels) and every part is checked against the descriptor as soon as its
 * name is known, so a refused request is cut short, nothing is decoded and nothing is written.
 */
/** `maxFiles`: the file limit the route gave its multipart parser, when lower than the server's. */
export async function readWriteBody(request: FastifyRequest, d: ResourceDescriptor, maxFiles?: number): Promise<WriteBody> {
  if (!request.isMultipart()) {
    const body = request.body ?? {};
    if (typeof body !== 'object' || Array.isArray(body)) throw new ApiError(400, 'The request body must be a JSON object');
    return { fields: normaliseFields(d, body as Record<string, unknown>), files: [] };
  }
  const limits = uploadLimitsOf(request.server.ctx.config);
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > limits.maxBytes) {
    throw tooLarge(`${declared} bytes, at most ${limits.maxBytes} bytes in one request`);
  }
  const accepted = acceptedParts(d, limits);
  const fields: Record<string, unknown> = {};
  const files: IncomingFile[] = [];
  const filesPerField = new Map<string, number>();
  let bytes = 0;
  const count = (n: number) => {
    bytes += n;
    if (bytes > limits.maxBytes) throw tooLarge(`more than ${limits.maxBytes} bytes in one request`);
  };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const allowed = accepted.files.get(part.fieldname);
        if (allowed === undefined) throw unknownPart(part.fieldname, d, true);
        const data = await part.toBuffer();
        count(data.length);
        // Browsers send an empty file part for an untouched file input.
        if (data.length === 0 && !part.filename) continue;
        const n = (filesPerField.get(part.fieldname) ?? 0) + 1;
        if (n > allowed) throw tooLarge(`${part.fieldname} takes at most ${allowed} file${allowed === 1 ? '' : 's'}`);
        filesPerField.set(part.fieldname, n);
        files.push({ field: part.fieldname, filename: part.filename, data });
      } else {
        if (!accepted.text.has(part.fieldname)) throw unknownPart(part.fieldname, d, false);
        if (part.valueTruncated) throw tooLarge(`${part.fieldname} is longer than ${limits.maxFieldBytes} bytes`);
        if (Object.prototype.hasOwnProperty.call(fields, part.fieldname)) {
          throw new ApiError(422, `${part.fieldname}: sent more than once`, { [part.fieldname]: 'sent more than once' });
        }
        count(Buffer.byteLength(String(part.value)));
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw multipartError(err, { ...limits, maxFiles: maxFiles ?? limits.maxFiles });
  }
  const normalised = normaliseFields(d, fields);
  await checkPictures(files, limits.maxPixels);
  return { fields: normalised, files };
}

function multipartError(err: unknown, limits: UploadLimits): ApiError {
  const e = err as { statusCode?: number; code?: string; message?: string };
  switch (e.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new ApiError(413, 'The file is too large');
    case 'FST_FIELDS_LIMIT':
      return tooLarge(`more than ${limits.maxFields} text fields`);
    case 'FST_FILES_LIMIT':
      return tooLarge(`more than ${limits.maxFiles} file${limits.maxFiles === 1 ? '' : 's'}`);
    case 'FST_PARTS_LIMIT':
      return tooLarge(`more than ${limits.maxFields + limits.maxFiles} parts`);
  }
  if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) return new ApiError(e.statusCode, e.message ?? 'Malformed multipart body');
  return new ApiError(400, 'Malformed multipart body');
}
