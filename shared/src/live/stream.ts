/**
 * The browser side of GET /api/live/stream (shared/src/core/live.ts; docs/api.md "Live updates").
 * A lazy chunk: ./connect.ts imports it when a signed-in page is idle and passes the contract's
 * rules in (./events.ts).
 *
 * EventSource cannot send the Authorization header, so the stream is a `fetch` with the bearer
 * token whose body is read as it arrives and parsed by eventsource-parser. One stream at a time:
 * - a `hello` says the stream is live (`onConnected(true)`) and resets the backoff;
 * - a break, or the server ending the stream (the token expired, a restart), reconnects after
 *   LIVE_RETRY_MIN_MS, doubled per failure in a row up to LIVE_RETRY_MAX_MS;
 * - a 401 of type `access` refreshes the token once (the HTTP client's shared refresh) and
 *   reconnects at once; a second 401 in a row waits like any failure;
 * - an answer saying the site has no stream (403 as in archive mode, 404, 405, 410, 501) stops
 *   for good: the pages keep polling, and the server is not asked again until the next session;
 * - silence longer than two heartbeats counts as a break (a connection a phone dropped quietly);
 * - the browser's `online` event (a phone back from a tunnel, Wi-Fi after mobile data) ends the
 *   wait at once: the stream comes back as soon as the network does, whatever the backoff.
 */
import { createParser } from 'eventsource-parser';
// Types only: this chunk imports nothing of shared's source (the rules come in with the options).
import type { LiveEvent, LiveEventType, LiveNoticeKind } from '../core/live';

/** One message of the stream as parsed: its `event:` and `data:` lines. */
export interface StreamMessage {
  event?: string | undefined;
  data: string;
}

/** What the contract says (./events.ts `LIVE_RULES`). */
export interface LiveStreamRules {
  eventTypes: readonly LiveEventType[];
  retryMinMs: number;
  retryMaxMs: number;
  /** Silence longer than this is a break. */
  silenceMs: number;
  /** The header naming a 401's kind (`access`: the token expired). */
  errorTypeHeader: string;
}

const NOTICE_KINDS = ['comment', 'fan', 'system'] satisfies LiveNoticeKind[];
const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);

/** The event a message carries, or null for anything unknown or malformed (ignored). */
export function liveEventOf(message: StreamMessage, types: readonly LiveEventType[]): LiveEvent | null {
  let data: unknown;
  try {
    data = JSON.parse(message.data);
  } catch {
    return null;
  }
  if (typeof data !== 'object' || data === null) return null;
  const d = data as Record<string, unknown>;
  const type = message.event ?? d.type;
  if (!types.includes(type as LiveEventType)) return null;
  if (type === 'hello') return isInt(d.uid) ? { type, uid: d.uid } : null;
  if (type === 'notice') return NOTICE_KINDS.includes(d.kind as LiveNoticeKind) ? { type, kind: d.kind as LiveNoticeKind } : null;
  if (type === 'scrip')
    return isInt(d.scripId) && isInt(d.withUid) && isInt(d.unread) ? { type, scripId: d.scripId, withUid: d.withUid, unread: d.unread } : null;
  return isInt(d.weiboId) && isInt(d.uid) ? { type: 'yy', weiboId: d.weiboId, uid: d.uid, following: d.following === true } : null;
}

export interface LiveStreamOptions {
  /** The route with the API's base, e.g. `/api/live/stream`. */
  url: string;
  rules: LiveStreamRules;
  getToken(): string | null;
  /** A fresh token after a 401 `access` answered `used` (rejects when the session is over). */
  refresh(used: string | null): Promise<string>;
  onEvent(event: LiveEvent): void;
  onConnected(connected: boolean): void;
  fetch?: typeof fetch;
}

export interface LiveStream {
  close(): void;
}

/** Answers that mean "no stream here": stop instead of asking again and again. */
const NO_STREAM = [403, 404, 405, 410, 501];

type Outcome = 'ended' | 'failed' | 'refresh' | 'stop';

export function openLiveStream(options: LiveStreamOptions): LiveStream {
  const { rules } = options;
  const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
  let closed = false;
  let controller: AbortController | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let wake: (() => void) | null = null;
  /** Connections in a row that ended without a hello. */
  let failures = 0;
  /** A refresh was tried since the last hello. */
  let refreshed = false;
  let live = false;

  const setLive = (next: boolean) => {
    if (next === live) return;
    live = next;
    options.onConnected(next);
  };

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      wake = resolve;
      timer = setTimeout(resolve, ms);
    });

  async function attempt(token: string | null): Promise<Outcome> {
    controller = new AbortController();
    const signal = controller.signal;
    let silence: ReturnType<typeof setTimeout> | undefined;
    const watch = () => {
      clearTimeout(silence);
      silence = setTimeout(() => controller?.abort(), rules.silenceMs);
    };
    try {
      watch();
      const res = await fetchImpl(options.url, {
        headers: { Accept: 'text/event-stream', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        credentials: 'same-origin',
        cache: 'no-store',
        signal,
      });
      if (res.status === 401) {
        void res.body?.cancel().catch(() => {});
        return res.headers.get(rules.errorTypeHeader) === 'access' && !refreshed ? 'refresh' : 'failed';
      }
      if (NO_STREAM.includes(res.status)) return 'stop';
      if (!res.ok || !res.body) return 'failed';
      let hello = false;
      const parser = createParser({
        onEvent(message) {
          const event = liveEventOf(message, rules.eventTypes);
          if (!event || closed) return;
          if (event.type === 'hello') {
            hello = true;
            failures = 0;
            refreshed = false;
            setLive(true);
          }
          options.onEvent(event);
        },
      });
      // TextDecoder rather than TextDecoderStream: older phones' browsers lack the latter.
      const decoder = new TextDecoder();
      const reader = res.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done || closed) break;
        watch();
        parser.feed(decoder.decode(value, { stream: true }));
      }
      return hello ? 'ended' : 'failed';
    } catch {
      // A network error, the silence watchdog or close(): the loop decides.
      return 'failed';
    } finally {
      clearTimeout(silence);
      controller = null;
      setLive(false);
    }
  }

  async function run() {
    while (!closed) {
      const used = options.getToken();
      const outcome = await attempt(used);
      if (closed || outcome === 'stop') return;
      if (outcome === 'refresh') {
        refreshed = true;
        try {
          await options.refresh(used);
          continue;
        } catch {
          // The session may be over (the shell then closes this stream); else wait and try again.
        }
      }
      if (outcome !== 'ended') failures += 1;
      // After a stream that worked, the shortest wait; after failures in a row, doubling.
      await sleep(Math.min(rules.retryMaxMs, rules.retryMinMs * 2 ** Math.max(0, failures - 1)));
    }
  }

  const onOnline = () => {
    clearTimeout(timer);
    wake?.();
  };
  globalThis.addEventListener?.('online', onOnline);

  void run();

  return {
    close() {
      if (closed) return;
      closed = true;
      globalThis.removeEventListener?.('online', onOnline);
      clearTimeout(timer);
      wake?.();
      controller?.abort();
      setLive(false);
    },
  };
}
