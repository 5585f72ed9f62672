import { io, type Socket } from 'socket.io-client';
import { useEffect, useSyncExternalStore } from 'react';
import { API_URL } from '../../config';
import { TOKEN_KEY } from '../../../dataProvider';

/**
 * One socket per signed-in tab, shared by the bell and the record pushes. It connects to the
 * API's own origin under the API base (`/api/socket.io`) with the session token, and keeps
 * retrying with the spec's settings while the server is away.
 */
export const SOCKET_OPTIONS = {
  reconnection: true,
  reconnectionAttempts: Infinity,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  randomizationFactor: 0.5,
  timeout: 20000,
  // With TRANSPORTS: a WebSocket at once (one request instead of a polling handshake and an
  // upgrade), and long-polling if the WebSocket cannot be opened (a proxy that refuses it).
  tryAllTransports: true,
} as const;
const TRANSPORTS: ('websocket' | 'polling')[] = ['websocket', 'polling'];

/**
 * Connects once the page is idle (at most 3 s after the socket is made): on a cold start the
 * first screen's rendering is the busy part, and the bell and the record pushes lose nothing by
 * waiting, since a (re)connection refetches what is on screen.
 */
function connectWhenIdle(socket: Socket) {
  const connect = () => {
    if (shared?.socket === socket && !socket.active) socket.connect();
  };
  if (typeof requestIdleCallback === 'function') requestIdleCallback(connect, { timeout: 3000 });
  else setTimeout(connect, 0);
}

export type ConnectionState = 'connecting' | 'connected' | 'reconnecting' | 'ended';

interface Shared {
  socket: Socket;
  token: string;
  state: ConnectionState;
  users: number;
}

let shared: Shared | undefined;
const listeners = new Set<() => void>();
const emitChange = () => {
  for (const l of listeners) l();
};

function setState(s: Shared, state: ConnectionState) {
  if (s.state === state) return;
  s.state = state;
  emitChange();
}

/** Where the API lives: a path on this origin, or a full URL when VITE_API_URL names one. */
function endpoint(): { url: string | undefined; path: string } {
  if (/^https?:/.test(API_URL)) {
    const u = new URL(API_URL);
    return { url: u.origin, path: `${u.pathname.replace(/\/$/, '')}/socket.io` };
  }
  return { url: undefined, path: `${API_URL.replace(/\/$/, '')}/socket.io` };
}

function open(token: string): Shared {
  const { url, path } = endpoint();
  const options = { ...SOCKET_OPTIONS, transports: TRANSPORTS, path, auth: { token }, autoConnect: false };
  const socket = url ? io(url, options) : io(options);
  const s: Shared = { socket, token, state: 'connecting', users: 0 };
  connectWhenIdle(socket);
  socket.on('connect', () => {
    setState(s, 'connected');
  });
  socket.on('disconnect', (reason) => {
    setState(s, reason === 'io server disconnect' || reason === 'io client disconnect' ? 'ended' : 'reconnecting');
  });
  socket.on('connect_error', (err) => {
    setState(s, err.message === 'unauthorized' ? 'ended' : 'reconnecting');
  });
  return s;
}

function currentToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

/** Takes a share of the tab's socket for the current session (a new sign-in gets a new socket). */
function acquire(): Shared | undefined {
  const token = currentToken();
  if (!token) return undefined;
  if (shared && shared.token !== token) {
    shared.socket.close();
    shared = undefined;
  }
  shared ??= open(token);
  shared.users += 1;
  return shared;
}

function release(s: Shared) {
  s.users -= 1;
  if (s.users > 0) return;
  // Closed a moment later, so a remount (route change, StrictMode) keeps the same connection.
  setTimeout(() => {
    if (s.users > 0 || shared !== s) return;
    s.socket.close();
    shared = undefined;
    emitChange();
  }, 1000);
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** The tab's socket (undefined when signed out) and its connection state, kept while mounted. */
export function useNoticeSocket(): { socket: Socket | undefined; state: ConnectionState } {
  useEffect(() => {
    const s = acquire();
    emitChange();
    return () => {
      if (s) release(s);
    };
  }, []);
  const socket = useSyncExternalStore(subscribe, () => shared?.socket);
  const state = useSyncExternalStore(subscribe, () => shared?.state ?? 'connecting');
  return { socket, state };
}
