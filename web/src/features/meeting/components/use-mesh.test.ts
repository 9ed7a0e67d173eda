import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RECONNECT_ATTEMPTS, reconnectDelay, useMesh } from './use-mesh';

const api = vi.hoisted(() => ({ createTicket: vi.fn(), signalUrl: vi.fn() }));
vi.mock('../api/meeting', () => api);

/** A signalling socket the test drives: it opens, receives messages and closes with a code. */
class FakeSocket {
  static OPEN = 1;
  static all: FakeSocket[] = [];
  readyState = 1;
  sent: string[] = [];
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  constructor(public url: string) {
    FakeSocket.all.push(this);
  }
  send(text: string) {
    this.sent.push(text);
  }
  close() {
    this.readyState = 3;
  }
  receive(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  drop(code: number) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

const welcome = { type: 'welcome', you: { id: 'u1' }, peers: [] };

describe('the room after its server restarts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.all = [];
    vi.stubGlobal('WebSocket', FakeSocket);
    api.createTicket.mockReset().mockResolvedValue({ ticket: 't' });
    api.signalUrl.mockReset().mockImplementation((room: string, ticket: string) => `ws://x/${room}?${ticket}`);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('joins again by itself with a new ticket when the server says it restarts (1012)', async () => {
    const { result } = renderHook(() => useMesh('room-1', [], null));
    await act(() => result.current.join());
    act(() => FakeSocket.all[0]!.receive(welcome));
    expect(result.current.state).toEqual({ kind: 'in' });

    act(() => FakeSocket.all[0]!.drop(1012));
    expect(result.current.state).toEqual({ kind: 'reconnecting', attempt: 1 });
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(api.createTicket).toHaveBeenCalledTimes(2);
    expect(FakeSocket.all).toHaveLength(2);
    act(() => FakeSocket.all[1]!.receive(welcome));
    expect(result.current.state).toEqual({ kind: 'in' });
  });

  it('keeps trying while no instance answers, then leaves it to the person', async () => {
    const { result } = renderHook(() => useMesh('room-1', [], null));
    await act(() => result.current.join());
    act(() => FakeSocket.all[0]!.receive(welcome));
    api.createTicket.mockRejectedValue(new Error('Network Error'));
    act(() => FakeSocket.all[0]!.drop(1006));
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(api.createTicket).toHaveBeenCalledTimes(1 + RECONNECT_ATTEMPTS);
    expect(result.current.state).toEqual({ kind: 'lost' });
  });

  it('does not come back after the person left, nor after another window took their place', async () => {
    const { result } = renderHook(() => useMesh('room-1', [], null));
    await act(() => result.current.join());
    act(() => FakeSocket.all[0]!.receive(welcome));
    act(() => FakeSocket.all[0]!.receive({ type: 'replaced' }));
    act(() => FakeSocket.all[0]!.drop(1000));
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(result.current.state).toEqual({ kind: 'replaced' });
    expect(api.createTicket).toHaveBeenCalledTimes(1);
  });

  it('waits longer after each failed try, at most about 8 s', () => {
    const middle = () => 0.5;
    expect([0, 1, 2, 3, 4, 5].map((n) => reconnectDelay(n, middle))).toEqual([500, 1000, 2000, 4000, 8000, 8000]);
  });
});
