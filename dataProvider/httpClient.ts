import { HttpError } from 'react-admin';

/** Where the session token lives; the authProvider writes it, every request reads it. */
export const TOKEN_KEY = 'token';

/** Shown (in the user's language: i18n/modules/operations.*) when no server answers for the API. */
export const SERVER_UNAVAILABLE = 'The server is unavailable; try again shortly';

/** The contract's envelope: every answer, success or failure, has this shape. */
export interface Envelope<T = unknown> {
  status: number;
  message: string;
  data: T;
  total?: number;
  errors?: Record<string, string>;
}

export interface HttpResponse {
  status: number;
  headers: Headers;
  json: Envelope;
}

/** Injected into the providers so tests (or a future offline mode) can swap the transport. */
export type HttpClient = (url: string, init?: RequestInit) => Promise<HttpResponse>;

function readToken(): string | null {
  try {
    // Absent outside a browser (server-side tests); then we are simply signed out.
    return typeof localStorage === 'undefined' ? null : localStorage.getItem(TOKEN_KEY);
  } catch {
    return null; // storage can be disabled (private mode); then we are simply signed out
  }
}

/**
 * fetch with the contract's headers. The token is read on every call (not at load time) so a
 * sign-in in this tab takes effect at once. FormData bodies get no Content-Type: the browser
 * must write the multipart boundary itself.
 */
export const fetchJson: HttpClient = async (url, init = {}) => {
  const headers = new Headers(init.headers);
  headers.set('Accept', 'application/json');
  if (!(init.body instanceof FormData) && !headers.has('Content-Type')) {
    headers.set('Content-Type', 'application/json');
  }
  const token = readToken();
  if (token) headers.set('access-token', token);

  const response = await fetch(url, { ...init, headers });
  const text = await response.text();
  let json: Envelope;
  try {
    json = JSON.parse(text) as Envelope;
  } catch {
    // A gateway's own page (a proxy in front of a stopped server) is no message to show.
    const unavailable = response.status === 502 || response.status === 503 || response.status === 504;
    json = { status: 0, message: unavailable ? SERVER_UNAVAILABLE : text || response.statusText, data: null };
  }
  if (!response.ok || json.status !== 1) {
    // A logical failure under a 2xx code is still a failure; report it as a bad request.
    const status = response.ok ? 400 : response.status;
    // The body keeps `errors` at its top level, which react-admin maps onto form fields.
    throw new HttpError(json.message || response.statusText || 'Error', status, json);
  }
  return { status: response.status, headers: response.headers, json };
};
