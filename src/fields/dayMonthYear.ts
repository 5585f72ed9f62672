/**
 * List dates as the spec shows them: day/month/year with two-digit day and month (01/10/2022),
 * whatever the browser's locale; date-times add hours and minutes. A date without a time
 * (`2022-10-01`) is read as that calendar day, never shifted by the time zone.
 */
const pad = (n: number) => String(n).padStart(2, '0');

export function formatDayMonthYear(value: unknown, withTime = false): string {
  if (typeof value !== 'string' && typeof value !== 'number') return '';
  const text = String(value);
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (day) return `${day[3]}/${day[2]}/${day[1]}`;
  const date = new Date(text);
  if (Number.isNaN(date.getTime())) return text;
  const dmy = `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
  return withTime ? `${dmy} ${pad(date.getHours())}:${pad(date.getMinutes())}` : dmy;
}
