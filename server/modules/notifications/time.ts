/**
 * Notification dates are wall-clock times without a zone (`yyyy-MM-dd HH:mm:ss`), read in the
 * server's `TZ` as DESIGN.md decides. Strings of this fixed shape sort like the times they name,
 * so "due" is a plain string comparison in SQL on both databases.
 */
const pad = (n: number) => String(n).padStart(2, '0');

export function formatLocal(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

export const nowLocal = () => formatLocal(new Date());

const SHAPE = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/;

/** Accepts `yyyy-MM-dd HH:mm[:ss]` or the browser's datetime-local `yyyy-MM-ddTHH:mm[:ss]`. */
export function parseLocal(raw: string): string | undefined {
  const m = SHAPE.exec(raw.trim());
  if (!m) return undefined;
  const [y, mo, d, h, mi, s] = m.slice(1).map((x: string | undefined) => Number(x ?? '0')) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const date = new Date(y, mo - 1, d, h, mi, s);
  // Reject 2026-02-30 and 25:00 rather than let Date roll them over.
  if (date.getFullYear() !== y || date.getMonth() !== mo - 1 || date.getDate() !== d || date.getHours() !== h || date.getMinutes() !== mi) {
    // A wall-clock time skipped by a daylight-saving jump is kept as written.
    if (!(date.getDate() === d && h < 24 && mi < 60)) return undefined;
  }
  if (s > 59) return undefined;
  return `${m[1]}-${m[2]}-${m[3]} ${m[4]}:${m[5]}:${m[6] ?? '00'}`;
}

/** Milliseconds from now until a local date string (negative when past). */
export function msUntil(local: string): number {
  const m = SHAPE.exec(local);
  if (!m) return 0;
  const [y, mo, d, h, mi, s] = m.slice(1).map((x: string | undefined) => Number(x ?? '0')) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  return new Date(y, mo - 1, d, h, mi, s).getTime() - Date.now();
}
