/** True when `err` is the database refusing a second row with the same value of `column`. */
export function isUniqueViolation(err: unknown, column: string): boolean {
  const e = (err ?? {}) as { message?: unknown; code?: unknown; constraint?: unknown };
  const message = typeof e.message === 'string' ? e.message : '';
  const unique = e.code === '23505' || e.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed|duplicate key/i.test(message);
  const where = `${message} ${typeof e.constraint === 'string' ? e.constraint : ''}`;
  return unique && where.includes(column);
}
