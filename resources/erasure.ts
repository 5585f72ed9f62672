/**
 * Erasure (issue 49 point 3), the names both sides use: its permission slug (held by Super Admin,
 * given to others by the permission screens) and its API path on a person's record.
 */
export const ERASURE_SLUG = 'privacy/erase';

/** The API path that erases one person (POST). */
export const erasurePath = (resource: string, id: number | string) => `/privacy/erase/${resource}/${id}`;

/** What an erased person's name-like fields read afterwards (the record stays, e.g. a doctor's past schedule). */
export const erasedName = (id: number) => `Erased person #${id}`;
