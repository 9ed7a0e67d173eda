/**
 * Live notifications shared by the tabs of one browser. Over HTTP/1.1 a browser opens at most 6 connections to a
 * host, so ten open tabs with a stream each would leave the pages none for their own requests: one tab (the
 * leader, holding a Web Lock) keeps the only stream (`GET /api/notification/stream`, Server-Sent Events) and
 * passes its events to the others over a BroadcastChannel. When the leader closes, its lock passes to a waiting
 * tab, which opens the stream in its turn. Without Web Locks or BroadcastChannel each tab is its own leader.
 *
 * When the stream keeps failing (a proxy that cuts it, a server that refuses it), the leader asks for the unread
 * count every 30 s instead, and tries the stream again now and then. A refused stream is most often an expired
 * access token: the count is then asked through the API client, whose refresh renews the token the next stream
 * is opened with.
 */
import { storedLanguage } from '@/lib/language';
import { countUnread } from '../api/notifications';
import type { LiveChat, LiveCount, LiveNotification } from '../types';

/** The lock whose holder keeps the stream. */
export const LEADER_LOCK = 'academy:notifications:stream';
/** The channel the leader passes events on. */
export const CHANNEL = 'academy:notifications';
/** Failed streams in a row before the count is polled. */
export const FAILURES_BEFORE_POLLING = 3;
export const POLL_INTERVAL_MS = 30_000;
/** A failed stream is opened again after 1, 2, 4… s, at most this long. */
export const MAX_RETRY_MS = 60_000;

/** What the tabs are told. */
export type LiveMessage =
  | { type: 'count'; data: LiveCount }
  | { type: 'notification'; data: LiveNotification }
  | { type: 'chat'; data: LiveChat };

export interface LiveHandlers {
  onCount: (unread: number) => void;
  onNotification: (event: LiveNotification) => void;
  /** A mentorship conversation of this person changed (a message sent, or read). */
  onChat?: (event: LiveChat) => void;
}

/** The browser's parts the connection uses (tests give fakes). */
export interface LiveEnvironment {
  locks?: Pick<LockManager, 'request'>;
  openChannel?: (name: string) => Pick<BroadcastChannel, 'postMessage' | 'close' | 'addEventListener'>;
  openStream?: (url: string) => Pick<EventSource, 'addEventListener' | 'close' | 'readyState'>;
  fetchCount: () => Promise<number>;
  setTimer: (run: () => void, ms: number) => unknown;
  clearTimer: (timer: unknown) => void;
}

export function browserEnvironment(): LiveEnvironment {
  return {
    locks: typeof navigator !== 'undefined' && 'locks' in navigator ? navigator.locks : undefined,
    openChannel: typeof BroadcastChannel !== 'undefined' ? (name) => new BroadcastChannel(name) : undefined,
    openStream:
      typeof EventSource !== 'undefined' ? (url) => new EventSource(url, { withCredentials: true }) : undefined,
    fetchCount: () => countUnread(),
    setTimer: (run, ms) => setTimeout(run, ms),
    clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
  };
}

/** The stream's address, its texts in the stored language. */
export function streamUrl(): string {
  return `/api/notification/stream?lang=${storedLanguage()}`;
}

const CLOSED = 2; // EventSource.CLOSED

/**
 * Keeps the stream while `signal` is not aborted: every event goes to `publish`. Resolves when aborted.
 */
export function lead(
  publish: (message: LiveMessage) => void,
  env: LiveEnvironment,
  signal: AbortSignal,
): Promise<void> {
  let failures = 0;
  let source: ReturnType<NonNullable<LiveEnvironment['openStream']>> | null = null;
  let retry: unknown = null;
  let poll: unknown = null;

  const pollCount = () => {
    poll = env.setTimer(() => {
      poll = null;
      if (signal.aborted) return;
      env
        .fetchCount()
        .then((unread) => publish({ type: 'count', data: { unread } }))
        .catch((error: unknown) => console.error('Reading the notification count failed', error))
        .finally(() => {
          if (!signal.aborted && poll === null) pollCount();
        });
    }, POLL_INTERVAL_MS);
  };
  const stopPolling = () => {
    if (poll !== null) env.clearTimer(poll);
    poll = null;
  };

  const open = () => {
    retry = null;
    if (signal.aborted) return;
    if (!env.openStream) {
      if (poll === null) pollCount();
      return;
    }
    const stream = env.openStream(streamUrl());
    source = stream;
    stream.addEventListener('count', (event) => {
      failures = 0;
      stopPolling();
      publish({ type: 'count', data: JSON.parse((event as MessageEvent<string>).data) as LiveCount });
    });
    stream.addEventListener('notification', (event) => {
      publish({ type: 'notification', data: JSON.parse((event as MessageEvent<string>).data) as LiveNotification });
    });
    stream.addEventListener('chat', (event) => {
      publish({ type: 'chat', data: JSON.parse((event as MessageEvent<string>).data) as LiveChat });
    });
    stream.addEventListener('error', () => {
      // While connecting again the browser keeps it; a closed stream was refused and is opened here again.
      if (stream.readyState !== CLOSED || source !== stream || signal.aborted) return;
      source = null;
      failures += 1;
      if (failures >= FAILURES_BEFORE_POLLING && poll === null) pollCount();
      const again = () => {
        if (!signal.aborted) retry = env.setTimer(open, Math.min(MAX_RETRY_MS, 1000 * 2 ** (failures - 1)));
      };
      env
        .fetchCount()
        .then((unread) => publish({ type: 'count', data: { unread } }))
        .catch(() => undefined)
        .finally(again);
    });
  };

  open();
  return new Promise((resolve) => {
    const stop = () => {
      source?.close();
      source = null;
      if (retry !== null) env.clearTimer(retry);
      stopPolling();
      resolve();
    };
    if (signal.aborted) stop();
    else signal.addEventListener('abort', stop, { once: true });
  });
}

/**
 * Connects this tab to the live notifications: as the leader (the stream is here) or as a follower (events come
 * from the leader). Returns the function that disconnects it.
 */
export function connectLive(handlers: LiveHandlers, env: LiveEnvironment = browserEnvironment()): () => void {
  const deliver = (message: LiveMessage) => {
    if (message.type === 'count') handlers.onCount(message.data.unread);
    else if (message.type === 'chat') handlers.onChat?.(message.data);
    else handlers.onNotification(message.data);
  };
  const stop = new AbortController();
  const channel = env.locks ? env.openChannel?.(CHANNEL) : undefined;
  if (env.locks && channel) {
    channel.addEventListener('message', (event) => deliver((event as MessageEvent<LiveMessage>).data));
    const publish = (message: LiveMessage) => {
      deliver(message);
      channel.postMessage(message);
    };
    env.locks
      .request(LEADER_LOCK, { signal: stop.signal }, () => lead(publish, env, stop.signal))
      .catch((error: unknown) => {
        if (!stop.signal.aborted) console.error('Live notifications stopped', error);
      });
  } else {
    void lead(deliver, env, stop.signal);
  }
  return () => {
    stop.abort();
    channel?.close();
  };
}
