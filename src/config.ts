/** API base path; same origin by default so the console never talks to another host. */
const configured: unknown = import.meta.env.VITE_API_URL;
export const API_URL = typeof configured === 'string' && configured !== '' ? configured : '/api';

/** Display URL of a stored upload path (`uploads/medicine/ab12.webp` -> `/api/uploads/...`). */
export function uploadUrl(path: string): string {
  return /^(https?:|blob:|data:)/.test(path) ? path : `${API_URL}/${path.replace(/^\/+/, '')}`;
}
