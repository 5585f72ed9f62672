import { API_URL } from '../../config';
import { TOKEN_KEY } from '../../../dataProvider';

/** Requests that send or receive a file: fetch with the session's token, the answer read by the caller. */
export async function authorisedFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  const token = localStorage.getItem(TOKEN_KEY);
  if (token) headers.set('access-token', token);
  return fetch(`${API_URL}${path}`, { ...init, headers });
}

/** The server's message of a refused request (its envelope), or the status text. */
export async function refusal(response: Response): Promise<{ message: string; data: unknown }> {
  try {
    const json = (await response.json()) as { message?: string; data?: unknown };
    return { message: json.message ?? response.statusText, data: json.data };
  } catch {
    return { message: response.statusText, data: null };
  }
}

/** Hands a file to the browser's download. */
export function save(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The file name the server gave (Content-Disposition), else a fallback. */
export const fileNameOf = (response: Response, fallback: string) =>
  /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallback;
