import { useEffect } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_KEY } from '../../../dataProvider';

type Handler = (...args: unknown[]) => void;

/** Stands in for a socket.io socket: listeners, connect and close, and events the test sends. */
class FakeSocket {
  readonly handlers = new Map<string, Set<Handler>>();
  active = false;
  connected = false;
  closed = false;
  constructor(readonly options: { auth: { token: string } }) {}
  on(event: string, fn: Handler) {
    if (!this.handlers.has(event)) this.handlers.set(event, new Set());
    this.handlers.get(event)!.add(fn);
    return this;
  }
  off(event: string, fn: Handler) {
    this.handlers.get(event)?.delete(fn);
    return this;
  }
  connect() {
    this.active = true;
    return this;
  }
  close() {
    this.active = false;
    this.closed = true;
    return this;
  }
  /** An event from the server (or the client's own `connect`). */
  receive(event: string, ...args: unknown[]) {
    if (event === 'connect') this.connected = true;
    for (const fn of this.handlers.get(event) ?? []) fn(...args);
  }
}

const made = vi.hoisted(() => [] as FakeSocket[]);
vi.mock('../../../src/modules/notifications/socket-client', () => ({
  io: (options: { auth: { token: string } }) => {
    const socket = new FakeSocket(options);
    made.push(socket);
    return socket;
  },
}));

/** A fresh copy of the module, so each test starts with no shared socket. */
async function freshSocketModule() {
  vi.resetModules();
  return import('../../../src/modules/notifications/socket');
}

type SocketModule = Awaited<ReturnType<typeof freshSocketModule>>;

/** Subscribes like the bell does: to the socket once there is one, and shows what arrived. */
function Bell({ useNoticeSocket, onNotice }: { useNoticeSocket: SocketModule['useNoticeSocket']; onNotice: Handler }) {
  const { socket, state } = useNoticeSocket();
  useEffect(() => {
    if (!socket) return;
    socket.on('notification', onNotice);
    return () => {
      socket.off('notification', onNotice);
    };
  }, [socket, onNotice]);
  return <p>{`${socket ? 'socket' : 'no socket'}, ${state}`}</p>;
}

describe('the shared notice socket', () => {
  beforeEach(() => {
    made.length = 0;
  });

  it('loads the socket client after the first render, then subscribers get its events once it connects', async () => {
    localStorage.setItem(TOKEN_KEY, 'first');
    const { useNoticeSocket } = await freshSocketModule();
    const onNotice = vi.fn();
    render(<Bell useNoticeSocket={useNoticeSocket} onNotice={onNotice} />);
    // The first screen draws without the client: no socket yet.
    expect(screen.getByText('no socket, connecting')).toBeInTheDocument();
    expect(made).toHaveLength(0);

    await waitFor(() => {
      expect(made[0]?.active).toBe(true);
    });
    expect(made).toHaveLength(1);
    expect(made[0]!.options.auth.token).toBe('first');
    act(() => {
      made[0]!.receive('connect');
      made[0]!.receive('notification', { notification_title: 'Drill' });
    });
    expect(screen.getByText('socket, connected')).toBeInTheDocument();
    expect(onNotice).toHaveBeenCalledWith({ notification_title: 'Drill' });
  });

  it('closes the socket when the last user leaves, and opens a new one for a new token', async () => {
    localStorage.setItem(TOKEN_KEY, 'first');
    const { useNoticeSocket } = await freshSocketModule();
    const first = render(<Bell useNoticeSocket={useNoticeSocket} onNotice={vi.fn()} />);
    await waitFor(() => {
      expect(made[0]?.active).toBe(true);
    });

    // Signed in again in this tab: a new user of the socket finds another token.
    localStorage.setItem(TOKEN_KEY, 'second');
    const second = render(<Bell useNoticeSocket={useNoticeSocket} onNotice={vi.fn()} />);
    expect(made[0]!.closed).toBe(true);
    await waitFor(() => {
      expect(made[1]?.active).toBe(true);
    });
    expect(made[1]!.options.auth.token).toBe('second');

    first.unmount();
    second.unmount();
    await waitFor(
      () => {
        expect(made[1]!.closed).toBe(true);
      },
      { timeout: 3000 },
    );
  });
});
