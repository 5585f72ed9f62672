import { MAX_INT } from '../../resources';
import { notFound } from './envelope';

/**
 * A record id as a path or a body sends it: decimal digits only, no sign, no spaces, no
 * fraction or exponent, from 1 to the largest stored id. `Number(" 1")`, `Number("1.0")` and
 * `Number("1e0")` are all 1, so a lenient parse would let `/user-delete/%201` delete user 1.
 */
const ID = /^[1-9][0-9]{0,9}$/;

/** The id, or undefined when `raw` is not one. A JSON number counts when it is a whole id. */
export function strictId(raw: unknown): number | undefined {
  if (typeof raw === 'number') return Number.isInteger(raw) && raw >= 1 && raw <= MAX_INT ? raw : undefined;
  if (typeof raw !== 'string' || !ID.test(raw)) return undefined;
  const id = Number(raw);
  return id <= MAX_INT ? id : undefined;
}

/** A path's `:id`: a malformed one names no record (404, as an unknown id does). */
export function parseIdParam(raw: unknown, what: string): number {
  const id = strictId(raw);
  if (id === undefined) throw notFound(`${what} ${String(raw)}`);
  return id;
}

/** The schema of an `:id` path parameter: the text as sent, parsed by `parseIdParam`. */
export const idParamSchema = {
  type: 'object',
  properties: { id: { type: 'string', maxLength: 20, description: 'record id (decimal digits)' } },
  required: ['id'],
} as const;
