import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../http/envelope';
import type { IncomingFile } from './images';

/** A create or update body, from JSON or multipart alike. */
export interface WriteBody {
  fields: Record<string, unknown>;
  files: IncomingFile[];
}

export async function readWriteBody(request: FastifyRequest): Promise<WriteBody> {
  if (!request.isMultipart()) {
    const body = request.body ?? {};
    if (typeof body !== 'object' || Array.isArray(body)) throw new ApiError(400, 'The request body must be a JSON object');
    return { fields: body as Record<string, unknown>, files: [] };
  }
  const fields: Record<string, unknown> = {};
  const files: IncomingFile[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        // Browsers send an empty file part for an untouched file input.
        if (data.length === 0 && !part.filename) continue;
        files.push({ field: part.fieldname, filename: part.filename, data });
      } else {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    const e = err as { statusCode?: number; code?: string; message?: string };
    if (e.statusCode === 413 || e.code === 'FST_REQ_FILE_TOO_LARGE') throw new ApiError(413, 'The file is too large');
    if (e.statusCode && e.statusCode < 500) throw new ApiError(e.statusCode, e.message ?? 'Malformed multipart body');
    throw new ApiError(400, 'Malformed multipart body');
  }
  return { fields, files };
}
