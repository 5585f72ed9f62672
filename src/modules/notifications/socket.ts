import type { Socket } from 'socket.io-client';
import { useEffect, useSyncExternalStore } from 'react';
import { API_URL } from '../../config';
import { TOKEN_KEY } from '../../../dataProvider';

/**
 * One socket per signed-in tab, shared by the bell and the record pushes. It connects to the
 * API's own origin under the API base (`/api/socket.io`) with the session token, and keeps
 * retrying with the spec's settings while the server is away, whatever closed the connection:
 * socket.io's client comes back by itself after a lost connection, but not after the server
 * closed the socket ("io server disconnect", what a graceful restart does), so it is asked to
 * here. A session that has ended is refused on that attempt ("unauthorized"), which ends it.
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

/** `restarting`: the server said it is stopping for a restart; the socket comes back when it is up. */
export type ConnectionState = 'connecting' | 'connected' | 'reconnecting' | 'restarting' | 'ended';

/**
 * The tab's connection for one session. `socket` is undefined until the socket client's chunk
 * has loaded: the hook's users re-render when it arrives and subscribe to it then, before it
 * connects, so they miss no event.
 */
interface Shared {
  socket: Socket | undefined;
  token: string;
  state: ConnectionState;
  users: number;
  closed: boolean;
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

function whenIdle(run: () => void) {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 3000 });
  else setTimeout(run, 0);
}

/** Makes the socket (not yet connected) with the client's `io`, and follows its connection state. */
function attach(s: Shared, io: typeof import('./socket-client').io): Socket {
  const { url, path } = endpoint();
  const options = { ...SOCKET_OPTIONS, transports: TRANSPORTS, path, auth: { token: s.token }, autoConnect: false };
  const socket = url ? io(url, options) : io(options);
  socket.on('connect', () => {
    setState(s, 'connected');
  });
  socket.on('restarting', () => {
    setState(s, 'restarting');
  });
  socket.on('disconnect', (reason) => {
    if (reason === 'io client disconnect') {
      setState(s, 'ended');
      return;
    }
    if (s.state !== 'restarting') setState(s, 'reconnecting');
    if (reason === 'io server disconnect') {
      // After a randomised wait like the client's own retries, so that every console of a
      // restarted server does not knock at the same moment; from then on the client's backoff.
      const wait = SOCKET_OPTIONS.reconnectionDelay * (1 - SOCKET_OPTIONS.randomizationFactor + Math.random());
      setTimeout(() => {
        if (!s.closed && !socket.connected && !socket.active) socket.connect();
      }, wait);
    }
  });
  socket.on('connect_error', (err) => {
    if (err.message === 'unauthorized') setState(s, 'ended');
    else if (s.state !== 'restarting') setState(s, 'reconnecting');
  });
  return socket;
}

/**
 * Loads the socket client and connects once the page is idle (at most 3 s after the first
 * user): on a cold start the first screen's rendering is the busy part, so the client is a
 * chunk of its own fetched after it, and the bell and the record pushes lose nothing by
 * waiting, since a (re)connection refetches what is on screen. The socket is published first and
 * connected at the next idle moment, once its users have re-rendered and subscribed to it.
 */
function connectWhenIdle(s: Shared) {
  whenIdle(() => {
    if (s.closed) return;
    import('./socket-client').then(
      ({ io }) => {
        if (s.closed) return;
        s.socket = attach(s, io);
        emitChange();
        whenIdle(() => {
          if (!s.closed && s.socket && !s.socket.active) s.socket.connect();
        });
      },
      // The chunk could not be fetched (the server is away, or the network): shown and retried
      // like a connection that dropped.
      () => {
        if (s.closed) return;
        setState(s, 'reconnecting');
        setTimeout(() => {
          connectWhenIdle(s);
        }, SOCKET_OPTIONS.reconnectionDelayMax);
      },
    );
  });
}

function open(token: string): Shared {
  const s: Shared = { socket: undefined, token, state: 'connecting', users: 0, closed: false };
  connectWhenIdle(s);
  return s;
}

function close(s: Shared) {
  s.closed = true;
  s.socket?.close();
  if (shared === s) shared = undefined;
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
  if (shared && shared.token !== token) close(shared);
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
    close(s);
    emitChange();
  }, 1000);
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** The tab's socket (undefined when signed out, or until it is made) and its connection state, kept while mounted. */
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
