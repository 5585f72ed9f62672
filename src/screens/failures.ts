/**
 * Spec 000 section 8 and spec 001 section 8 tell two failures apart: the server answered (a
 * status other than 1: a toast with its message) or it could not be reached / failed inside
 * (network or exception: an error block in place of the form body).
 */
export function isNetworkFailure(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status !== 'number' || status >= 500;
}

/** The server's message, or the error's own text. */
export function messageOf(error: unknown): string {
  if (typeof error === 'string') return error;
  if (error instanceof Error) return error.message;
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message : '';
}
