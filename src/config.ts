/** API base path; same origin by default so the console never talks to another host. */
export const API_URL: string = import.meta.env.VITE_API_URL ?? '/api';

/** Display URL of a stored upload path (`uploads/medicine/ab12.webp` -> `/api/uploads/...`). */
export function uploadUrl(path: string): string {
  return /^(https?:|blob:|data:)/.test(path) ? path : `${API_URL}/${path.replace(/^\/+/, '')}`;
}
