/**
 * Whether an error means the database cannot be reached right now (stopped, restarting, network
 * down, out of connections), as opposed to a fault of the request or of our own code. Such a
 * request is answered 503 with a clear message; the pool opens new connections by itself once
 * the database is back, so the same process serves again.
 */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01', // admin_shutdown: the server is stopping
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '53300', // too_many_connections
]);

const UNREACHABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'is not queryable',
  'Client was closed and is not queryable',
];

export const DATABASE_UNAVAILABLE = 'The database is unavailable; try again shortly';

export function isDatabaseUnavailable(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || code.startsWith('08'))) return true;
  // An AggregateError of every address tried (localhost: ::1 and 127.0.0.1).
  if (err instanceof AggregateError && err.errors.some(isDatabaseUnavailable)) return true;
  return UNREACHABLE_MESSAGES.some((m) => err.message.includes(m));
}

/** Logs the first failure of an outage, not one line per refused request. */
export function outageLog(say: (message: string, err: unknown) => void, quietMs = 10_000) {
  let lastSaid = 0;
  return (err: unknown) => {
    const now = Date.now();
    if (now - lastSaid < quietMs) return;
    lastSaid = now;
    say(`${DATABASE_UNAVAILABLE}: requests are answered 503 until it is back`, err);
  };
}
