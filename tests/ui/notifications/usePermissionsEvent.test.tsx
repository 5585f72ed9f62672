import { EventEmitter } from 'node:events';
import { renderHook } from '@testing-library/react';
import type { Socket } from 'socket.io-client';
import { usePermissionsEvent } from '../../../src/modules/notifications/usePermissionsEvent';

/** What the hook uses of a socket.io client socket: its state and its events. */
function fakeSocket(connected: boolean) {
  const events = new EventEmitter();
  const socket = { connected, on: events.on.bind(events), off: events.off.bind(events) };
  return { socket: socket as unknown as Socket, emit: (name: string) => events.emit(name), listeners: () => events.eventNames().length };
}

describe("the server's permissions event", () => {
  it('is heard while the socket is up, and no longer once the component is gone', () => {
    const { socket, emit, listeners } = fakeSocket(false);
    const onChange = vi.fn();
    const { unmount } = renderHook(() => usePermissionsEvent(socket, onChange));
    expect(onChange).not.toHaveBeenCalled();
    emit('connect');
    expect(onChange).not.toHaveBeenCalled();
    emit('permissions');
    expect(onChange).toHaveBeenCalledTimes(1);
    unmount();
    emit('permissions');
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(listeners()).toBe(0);
  });

  it('is answered at once by a listener that came after the socket connected (a push in between was lost)', () => {
    const { socket } = fakeSocket(true);
    const onChange = vi.fn();
    renderHook(() => usePermissionsEvent(socket, onChange));
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('is answered at every reconnection (what was pushed while the socket was down was lost)', () => {
    const { socket, emit } = fakeSocket(false);
    const onChange = vi.fn();
    renderHook(() => usePermissionsEvent(socket, onChange));
    emit('connect');
    expect(onChange).not.toHaveBeenCalled();
    emit('disconnect');
    emit('connect');
    expect(onChange).toHaveBeenCalledTimes(1);
    emit('connect');
    expect(onChange).toHaveBeenCalledTimes(2);
  });
});
