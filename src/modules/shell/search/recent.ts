/**
 * Records the user opened lately (from the search or any list), newest first, kept in this
 * browser. The search shows them for an empty query, filtered by what the user may list now.
 */
export interface RecentRecord {
  resource: string;
  id: string;
  title: string;
}

export const RECENT_KEY = 'recent-records';
const MAX = 8;

const isRecent = (v: unknown): v is RecentRecord =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as RecentRecord).resource === 'string' &&
  typeof (v as RecentRecord).id === 'string' &&
  typeof (v as RecentRecord).title === 'string';

export function readRecent(): RecentRecord[] {
  try {
    const list: unknown = JSON.parse(localStorage.getItem(RECENT_KEY) ?? '[]');
    return Array.isArray(list) ? list.filter(isRecent) : [];
  } catch {
    return []; // unreadable or storage disabled: nothing recent
  }
}

export function rememberRecent(record: RecentRecord): void {
  const rest = readRecent().filter((r) => !(r.resource === record.resource && r.id === record.id));
  try {
    localStorage.setItem(RECENT_KEY, JSON.stringify([record, ...rest].slice(0, MAX)));
  } catch {
    // storage full or disabled: the search simply has no recent records
  }
}
