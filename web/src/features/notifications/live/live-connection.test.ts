import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LiveNotification } from '../types';
import {
  CHANNEL,
  FAILURES_BEFORE_POLLING,
  LEADER_LOCK,
  POLL_INTERVAL_MS,
  connectLive,
  type LiveEnvironment,
  type LiveHandlers,
} from './live-connection';

/** A fake stream the test drives. */
class FakeStream {
  readyState = 0;
  closed = false;
  private listeners = new Map<string, ((event: Event) => void)[]>();
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: (event: Event) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  emit(type: string, data: unknown) {
    this.readyState = 1;
    for (const listener of this.listeners.get(type) ?? [])
      listener(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
  refuse() {
    this.readyState = 2;
    this.closed = true;
    for (const listener of this.listeners.get('error') ?? []) listener(new Event('error'));
  }
}

/** One browser: a lock manager and a channel bus shared by its tabs, and the streams they opened. */
function browser() {
  const streams: FakeStream[] = [];
  const channels = new Set<{ name: string; deliver: (data: unknown) => void }>();
  let held = false;
  const waiting: (() => void)[] = [];
  const locks: Pick<LockManager, 'request'> = {
    request: ((name: string, options: LockOptions, callback: () => Promise<void>) => {
      expect(name).toBe(LEADER_LOCK);
      return new Promise<void>((resolve, reject) => {
        const take = () => {
          held = true;
          void callback().then(() => {
            held = false;
            waiting.shift()?.();
            resolve();
          });
        };
        if (!held) return take();
        waiting.push(take);
        options.signal?.addEventListener('abort', () => {
          waiting.splice(waiting.indexOf(take), 1);
          reject(new DOMException('aborted', 'AbortError'));
        });
      });
    }) as LockManager['request'],
  };
  const tab = (fetchCount = vi.fn(() => Promise.resolve(0))): LiveEnvironment => ({
    locks,
    openChannel: (name) => {
      const listeners: ((event: Event) => void)[] = [];
      const self = {
        name,
        deliver: (data: unknown) => listeners.forEach((l) => l(new MessageEvent('message', { data }))),
      };
      channels.add(self);
      return {
        addEventListener: (_type: string, listener: (event: Event) => void) => listeners.push(listener),
        postMessage: (data: unknown) => {
          for (const other of channels) if (other !== self && other.name === name) other.deliver(data);
        },
        close: () => channels.delete(self),
      };
    },
    openStream: (url) => {
      const stream = new FakeStream(url);
      streams.push(stream);
      return stream as unknown as EventSource;
    },
    fetchCount,
    setTimer: (run, ms) => setTimeout(run, ms),
    clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
  });
  return { streams, tab, open: () => streams.filter((s) => !s.closed) };
}

function recorder(): LiveHandlers & { counts: number[]; news: string[] } {
  const counts: number[] = [];
  const news: string[] = [];
  return {
    counts,
    news,
    onCount: (unread) => counts.push(unread),
    onNotification: (event: LiveNotification) => news.push(event.notification._id),
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

const item = (id: string): LiveNotification => ({
  unread: 1,
  notification: {
    _id: id,
    type: 'Broadcast',
    title: 't',
    message: 'm',
    isRead: false,
    createdAt: '2026-11-24T00:00:00.000Z',
  },
});

describe('live notifications', () => {
  afterEach(() => vi.useRealTimers());

  it('open one stream for all the tabs of a browser, whose events reach every tab', async () => {
    const { tab, open } = browser();
    const tabs = [recorder(), recorder(), recorder()];
    const stops = tabs.map((handlers) => connectLive(handlers, tab()));
    await flush();

    expect(open()).toHaveLength(1);
    expect(open()[0]!.url).toMatch(/^\/api\/notification\/stream\?lang=(vi|en)$/);
    open()[0]!.emit('count', { unread: 2 });
    open()[0]!.emit('notification', item('n1'));
    expect(tabs.map((t) => t.counts)).toEqual([[2], [2], [2]]);
    expect(tabs.map((t) => t.news)).toEqual([['n1'], ['n1'], ['n1']]);
    stops.forEach((stop) => stop());
    expect(CHANNEL).toBe('academy:notifications');
  });

  it("passes a conversation's change (a chat message sent or read) to every tab", async () => {
    const { tab, open } = browser();
    const chats: string[][] = [[], []];
    const stops = chats.map((seen) =>
      connectLive({ ...recorder(), onChat: (event) => seen.push(`${event.bookingId}:${event.messageId}`) }, tab()),
    );
    await flush();

    open()[0]!.emit('chat', { bookingId: 'b1', messageId: 'm1' });
    open()[0]!.emit('chat', { bookingId: 'b1', messageId: null });

    expect(chats).toEqual([
      ['b1:m1', 'b1:null'],
      ['b1:m1', 'b1:null'],
    ]);
    stops.forEach((stop) => stop());
  });

  it('passes the stream to another tab when the leading tab closes', async () => {
    const { tab, open, streams } = browser();
    const first = recorder();
    const second = recorder();
    const stopFirst = connectLive(first, tab());
    const stopSecond = connectLive(second, tab());
    await flush();
    expect(streams).toHaveLength(1);

    stopFirst();
    await flush();
    await flush();

    expect(streams[0]!.closed).toBe(true);
    expect(open()).toHaveLength(1);
    open()[0]!.emit('count', { unread: 5 });
    expect(second.counts).toEqual([5]);
    expect(first.counts).toEqual([]);
    stopSecond();
  });

  it('polls the count when the stream keeps being refused, and stops when a stream opens again', async () => {
    vi.useFakeTimers();
    const { tab, open, streams } = browser();
    const handlers = recorder();
    const fetchCount = vi.fn(() => Promise.resolve(4));
    const stop = connectLive(handlers, tab(fetchCount));
    await vi.advanceTimersByTimeAsync(0);

    for (let failure = 1; failure <= FAILURES_BEFORE_POLLING; failure += 1) {
      open()[0]!.refuse();
      await vi.advanceTimersByTimeAsync(1000 * 2 ** (failure - 1));
    }
    expect(streams).toHaveLength(FAILURES_BEFORE_POLLING + 1);
    const asked = fetchCount.mock.calls.length;
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(fetchCount.mock.calls.length).toBeGreaterThan(asked);
    expect(handlers.counts.every((count) => count === 4)).toBe(true);

    open()[0]!.emit('count', { unread: 1 });
    const polled = fetchCount.mock.calls.length;
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 2);
    expect(fetchCount.mock.calls.length).toBe(polled);
    stop();
  });

  it('without Web Locks each tab keeps its own stream', async () => {
    const { tab, streams } = browser();
    const env = { ...tab(), locks: undefined };
    const stop = connectLive(recorder(), env);
    await flush();
    expect(streams).toHaveLength(1);
    stop();
    expect(streams[0]!.closed).toBe(true);
  });
});
