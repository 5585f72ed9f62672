import type { Db } from '../../db/database';

/** One sign-in attempt of a known username, successful (1) or refused (0). */
export async function recordSignIn(
  db: Db,
  attempt: { userId: number; username: string; ip: string; browser: string; success: boolean },
): Promise<void> {
  await db
    .insertInto('login_history')
    .values({
      user_login_user: attempt.userId,
      user_login_date: new Date().toISOString(),
      user_login_username: attempt.username.slice(0, 100),
      user_login_ip: attempt.ip,
      user_login_browser: attempt.browser.slice(0, 300),
      user_login_status: attempt.success ? 1 : 0,
    })
    .execute();
}

export interface HistoryQuery {
  userId: number;
  /** `YYYY-MM-DD` (a day in the server's time zone) or a full date-time. */
  from?: string;
  to?: string;
  status: 'all' | '0' | '1';
  limit: number;
}

const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/** A day without a time means that whole day in the server's zone (DESIGN: Time). */
function bound(value: string, end: boolean): string | undefined {
  const day = isDay(value);
  const date = new Date(day ? `${value}T00:00:00` : value);
  if (Number.isNaN(date.getTime())) return undefined;
  if (day && end) date.setDate(date.getDate() + 1);
  return date.toISOString();
}

export function parseBound(value: string | undefined, end: boolean): string | undefined | null {
  if (!value) return undefined;
  return bound(value, end) ?? null;
}

export async function readHistory(db: Db, q: HistoryQuery) {
  let query = db.selectFrom('login_history').where('user_login_user', '=', q.userId);
  const from = parseBound(q.from, false);
  const to = parseBound(q.to, true);
  if (from) query = query.where('user_login_date', '>=', from);
  if (to && q.to) query = query.where('user_login_date', isDay(q.to) ? '<' : '<=', to);
  if (q.status !== 'all') query = query.where('user_login_status', '=', Number(q.status));
  const total = await query.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
  const rows = await query
    .select(['user_login_id', 'user_login_date', 'user_login_username', 'user_login_ip', 'user_login_browser', 'user_login_status'])
    .orderBy('user_login_date', 'desc')
    .orderBy('user_login_id', 'desc')
    .limit(q.limit)
    .execute();
  return { rows, total: Number(total.n) };
}
