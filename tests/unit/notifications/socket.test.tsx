import { useEffect } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TOKEN_KEY } from '../../../dataProvider';
import { useNoticeSocket } from '../../../src/modules/notifications/socket';

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
  connects = 0;
  connect() {
    this.active = true;
    this.connects += 1;
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
    if (event === 'disconnect') {
      this.connected = false;
      // As socket.io's client: it tries again by itself unless the server or the client closed the socket.
      this.active = args[0] !== 'io server disconnect' && args[0] !== 'io client disconnect';
    }
    for (const fn of this.handlers.get(event) ?? []) fn(...args);
  }
}

const made: FakeSocket[] = [];
const fakeClient = {
  io: (options: { auth: { token: string } }) => {
    const socket = new FakeSocket(options);
    made.push(socket);
    return socket;
  },
};
/** The sockets made for one session token. */
const madeFor = (token: string) => made.filter((s) => s.options.auth.token === token);

/** Subscribes like the bell does: to the socket once there is one, and shows what arrived. */
function Bell({ onNotice }: { onNotice: Handler }) {
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

// Unit test files share a worker (vitest.config.ts): the stand-in client is registered for this
// file only, not with a hoisted vi.mock that would outlive it.
const CLIENT = '../../../src/modules/notifications/socket-client';
beforeAll(() => {
  vi.doMock(CLIENT, () => fakeClient);
});
afterAll(() => {
  vi.doUnmock(CLIENT);
});

describe('the shared notice socket', () => {
  it('loads the socket client after the first render, then subscribers get its events once it connects', async () => {
    localStorage.setItem(TOKEN_KEY, 'first');
    const onNotice = vi.fn();
    const { unmount } = render(<Bell onNotice={onNotice} />);
    // The first screen draws without the client: no socket yet.
    expect(screen.getByText('no socket, connecting')).toBeInTheDocument();
    expect(madeFor('first')).toHaveLength(0);

    await waitFor(() => {
      expect(madeFor('first')[0]?.active).toBe(true);
    });
    const socket = madeFor('first')[0]!;
    act(() => {
      socket.receive('connect');
      socket.receive('notification', { notification_title: 'Drill' });
    });
    expect(screen.getByText('socket, connected')).toBeInTheDocument();
    expect(onNotice).toHaveBeenCalledWith({ notification_title: 'Drill' });
    expect(madeFor('first')).toHaveLength(1);
    unmount();
  });

  it('closes the socket when the last user leaves, and opens a new one for a new token', async () => {
    localStorage.setItem(TOKEN_KEY, 'second');
    const first = render(<Bell onNotice={vi.fn()} />);
    await waitFor(() => {
      expect(madeFor('second')[0]?.active).toBe(true);
    });

    // Signed in again in this tab: a new user of the socket finds another token.
    localStorage.setItem(TOKEN_KEY, 'third');
    const second = render(<Bell onNotice={vi.fn()} />);
    expect(madeFor('second')[0]!.closed).toBe(true);
    await waitFor(() => {
      expect(madeFor('third')[0]?.active).toBe(true);
    });

    first.unmount();
    second.unmount();
    await waitFor(
      () => {
        expect(madeFor('third')[0]!.closed).toBe(true);
      },
      { timeout: 3000 },
    );
    expect(madeFor('third')).toHaveLength(1);
  });

  it('connects again after the server closed the socket (a graceful restart), saying meanwhile that the server restarts', async () => {
    localStorage.setItem(TOKEN_KEY, 'fourth');
    const { unmount } = render(<Bell onNotice={vi.fn()} />);
    await waitFor(() => {
      expect(madeFor('fourth')[0]?.active).toBe(true);
    });
    const socket = madeFor('fourth')[0]!;
    act(() => {
      socket.receive('connect');
    });
    expect(screen.getByText('socket, connected')).toBeInTheDocument();
    act(() => {
      socket.receive('restarting');
      socket.receive('disconnect', 'io server disconnect');
    });
    expect(screen.getByText('socket, restarting')).toBeInTheDocument();
    expect(socket.connects).toBe(1);
    // socket.io's client would stay closed here; the console asks it to connect again.
    await waitFor(
      () => {
        expect(socket.connects).toBe(2);
      },
      { timeout: 5000 },
    );
    act(() => {
      socket.receive('connect');
    });
    expect(screen.getByText('socket, connected')).toBeInTheDocument();
    unmount();
  });

  it('ends when the server refuses the session on that new attempt (signed out elsewhere)', async () => {
    localStorage.setItem(TOKEN_KEY, 'fifth');
    const { unmount } = render(<Bell onNotice={vi.fn()} />);
    await waitFor(() => {
      expect(madeFor('fifth')[0]?.active).toBe(true);
    });
    const socket = madeFor('fifth')[0]!;
    act(() => {
      socket.receive('connect');
      socket.receive('disconnect', 'io server disconnect');
    });
    expect(screen.getByText('socket, reconnecting')).toBeInTheDocument();
    await waitFor(
      () => {
        expect(socket.connects).toBe(2);
      },
      { timeout: 5000 },
    );
    act(() => {
      socket.receive('connect_error', new Error('unauthorized'));
    });
    expect(screen.getByText('socket, ended')).toBeInTheDocument();
    unmount();
  });
});
