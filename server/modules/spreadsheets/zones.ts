import { ApiError } from '../../http/envelope';
import { nowIn } from '../../../resources/rules';

/** A time zone the runtime knows (`Area/City`), else a 400 naming the parameter. */
export function zoneOf(raw: string | undefined): string | undefined {
  if (raw === undefined || raw === '') return undefined;
  try {
    // Kept as the user spelled it: the runtime may answer an older name for the same zone.
    new Intl.DateTimeFormat('en', { timeZone: raw }).format(0);
    return raw;
  } catch {
    throw new ApiError(400, `tz: "${raw}" is not a time zone`);
  }
}

const WALL = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;
const asUtc = (wall: string): number | undefined => {
  const m = WALL.exec(wall);
  if (!m) return undefined;
  // An absent seconds group is undefined, which Number() reads as NaN: 0 then.
  const n = m.slice(1).map((x) => Number(x) || 0);
  const [y = 0, mo = 1, d = 1, h = 0, mi = 0, s = 0] = n;
  return Date.UTC(y, mo - 1, d, h, mi, s);
};

/**
 * A wall-clock time (`YYYY-MM-DD HH:mm:ss`, how datetimes are stored: in the server's zone) as
 * the wall-clock time of another zone. The instant is found by taking the zone's offset at a
 * first guess and once more at the result, which settles across a daylight-saving change. A
 * value that is not a date and time is answered as it is.
 */
export function shiftWallClock(wall: string, from: string, to: string): string {
  const guess = asUtc(wall);
  if (guess === undefined || from === to) return wall;
  const offset = (t: number) => (asUtc(nowIn(from, new Date(t))) ?? t) - t;
  const first = guess - offset(guess);
  const instant = guess - offset(first);
  return nowIn(to, new Date(instant));
}
