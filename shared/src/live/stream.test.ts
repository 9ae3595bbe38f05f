import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIVE_RETRY_MAX_MS, LIVE_RETRY_MIN_MS, type LiveEvent } from '../core/live';
import { LIVE_RULES, LIVE_SILENCE_MS } from './events';
import { openLiveStream, type LiveStream } from './stream';

/** A response body the test writes to, chunk by chunk, and then ends or breaks. */
function sseBody() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  const encoder = new TextEncoder();
  return {
    body,
    send(text: string) {
      controller.enqueue(encoder.encode(text));
    },
    event(type: string, data: unknown) {
      this.send(`event: ${type}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    end() {
      controller.close();
    },
    break() {
      controller.error(new TypeError('network error'));
    },
  };
}

type Body = ReturnType<typeof sseBody>;
interface Call {
  url: string;
  auth: string | null;
  signal: AbortSignal | undefined;
}

/** A fetch whose answers the test gives in order: a stream body, or a status with headers. */
function fakeFetch() {
  const calls: Call[] = [];
  const answers: Array<Body | { status: number; headers?: Record<string, string> } | 'network'> = [];
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    calls.push({ url, auth: headers.get('Authorization'), signal: init?.signal ?? undefined });
    const answer = answers.shift() ?? { status: 503 };
    if (answer === 'network') throw new TypeError('Failed to fetch');
    if ('body' in answer) {
      // Like a real fetch, aborting breaks the body being read.
      init?.signal?.addEventListener('abort', () => answer.break());
      return new Response(answer.body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
    }
    return new Response(JSON.stringify({ code: answer.status, msg: '' }), { status: answer.status, headers: answer.headers });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls, answers };
}

const flush = () => vi.advanceTimersByTimeAsync(0);

describe('live stream client', () => {
  let stream: LiveStream | undefined;
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => {
    stream?.close();
    stream = undefined;
    vi.useRealTimers();
  });

  function open(net: ReturnType<typeof fakeFetch>, token: { value: string | null } = { value: 'a1' }, refresh = vi.fn(async () => (token.value = 'a2'))) {
    const events: LiveEvent[] = [];
    const connected: boolean[] = [];
    stream = openLiveStream({
      url: '/api/live/stream',
      rules: LIVE_RULES,
      getToken: () => token.value,
      refresh,
      onEvent: (e) => events.push(e),
      onConnected: (c) => connected.push(c),
      fetch: net.fetch,
    });
    return { events, connected, refresh };
  }

  it('sends the bearer token and hands each event to the subscriber, ignoring pings and unknown or malformed events', async () => {
    const net = fakeFetch();
    const body = sseBody();
    net.answers.push(body);
    const { events, connected } = open(net);
    await flush();
    expect(net.calls).toHaveLength(1);
    expect(net.calls[0]).toMatchObject({ url: '/api/live/stream', auth: 'Bearer a1' });
    body.event('hello', { uid: 100001 });
    body.send(': ping\n\n');
    body.send('event: notice\nda'); // a chunk may end anywhere
    body.send('ta: {"kind":"comment"}\n\n');
    body.event('yy', { weiboId: 7, uid: 100002, following: true });
    body.event('yy', { weiboId: 'x', uid: 1 });
    body.event('scrip', { scripId: 3, withUid: 100002, unread: 2 });
    body.event('scrip', { scripId: 4, withUid: 100002 });
    body.event('surprise', { a: 1 });
    body.send('event: notice\ndata: not json\n\n');
    await flush();
    expect(events).toEqual([
      { type: 'hello', uid: 100001 },
      { type: 'notice', kind: 'comment' },
      { type: 'yy', weiboId: 7, uid: 100002, following: true },
      { type: 'scrip', scripId: 3, withUid: 100002, unread: 2 },
    ]);
    expect(connected).toEqual([true]);
  });

  it('after a break reconnects with backoff doubling from the minimum to the maximum, and a hello resets it', async () => {
    const net = fakeFetch();
    for (let i = 0; i < 8; i++) net.answers.push('network');
    const { connected } = open(net);
    await flush();
    expect(net.calls).toHaveLength(1);
    const waits: number[] = [];
    let before = net.calls.length;
    let waited = 0;
    while (net.calls.length < 9) {
      await vi.advanceTimersByTimeAsync(250);
      waited += 250;
      if (net.calls.length > before) {
        waits.push(waited);
        waited = 0;
        before = net.calls.length;
      }
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 30, 30, 30].map((s) => s * 1000));
    expect(waits[0]).toBe(LIVE_RETRY_MIN_MS);
    expect(Math.max(...waits)).toBe(LIVE_RETRY_MAX_MS);
    // The 9th try works: a hello, then the server ends the stream: back in the minimum wait.
    const body = sseBody();
    net.answers.push(body);
    await vi.advanceTimersByTimeAsync(LIVE_RETRY_MAX_MS);
    expect(net.calls).toHaveLength(10);
    body.event('hello', { uid: 1 });
    await flush();
    expect(connected).toEqual([true]);
    body.end();
    await flush();
    expect(connected).toEqual([true, false]);
    const again = sseBody();
    net.answers.push(again);
    await vi.advanceTimersByTimeAsync(LIVE_RETRY_MIN_MS - 1);
    expect(net.calls).toHaveLength(10);
    await vi.advanceTimersByTimeAsync(1);
    expect(net.calls).toHaveLength(11);
    again.event('hello', { uid: 1 });
    await flush();
    expect(connected).toEqual([true, false, true]);
  });

  it('the browser coming back online ends the backoff wait at once (and a connected stream is left alone)', async () => {
    const net = fakeFetch();
    for (let i = 0; i < 6; i++) net.answers.push('network');
    open(net);
    await vi.advanceTimersByTimeAsync(31_000); // 1 + 2 + 4 + 8 + 16 s: the 6th try failed, 30 s to wait
    expect(net.calls).toHaveLength(6);
    const body = sseBody();
    net.answers.push(body);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(net.calls).toHaveLength(6);
    window.dispatchEvent(new Event('online'));
    await flush();
    expect(net.calls).toHaveLength(7);
    body.event('hello', { uid: 1 });
    await flush();
    window.dispatchEvent(new Event('online'));
    await flush();
    expect(net.calls).toHaveLength(7);
  });

  it('a stream the server ends (token expiry) reconnects without a reload; its 401 access refreshes ONCE, then reconnects with the new token at once', async () => {
    const net = fakeFetch();
    const first = sseBody();
    net.answers.push(first, { status: 401, headers: { 'x-error-type': 'access' } });
    const second = sseBody();
    net.answers.push(second);
    const { refresh, events } = open(net);
    await flush();
    first.event('hello', { uid: 1 });
    first.end();
    await vi.advanceTimersByTimeAsync(LIVE_RETRY_MIN_MS);
    expect(net.calls.map((c) => c.auth)).toEqual(['Bearer a1', 'Bearer a1', 'Bearer a2']);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(refresh).toHaveBeenCalledWith('a1');
    second.event('hello', { uid: 1 });
    await flush();
    expect(events.filter((e) => e.type === 'hello')).toHaveLength(2);
  });

  it('a second 401 access in a row does not refresh again: it waits like any failure', async () => {
    const net = fakeFetch();
    const expired = { status: 401, headers: { 'x-error-type': 'access' } };
    net.answers.push(expired, expired, expired);
    const { refresh } = open(net);
    await flush();
    expect(net.calls).toHaveLength(2);
    expect(refresh).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(LIVE_RETRY_MIN_MS);
    expect(net.calls).toHaveLength(3);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('a failed refresh (the session is over) waits instead of hammering', async () => {
    const net = fakeFetch();
    net.answers.push({ status: 401, headers: { 'x-error-type': 'access' } });
    const refresh = vi.fn(async () => {
      throw new Error('refresh refused');
    });
    open(net, { value: 'a1' }, refresh);
    await vi.advanceTimersByTimeAsync(LIVE_RETRY_MIN_MS - 1);
    expect(net.calls).toHaveLength(1);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('stops for good when the site offers no stream (archive mode, an older server)', async () => {
    for (const status of [403, 404]) {
      const net = fakeFetch();
      net.answers.push({ status });
      const { connected } = open(net);
      await vi.advanceTimersByTimeAsync(LIVE_RETRY_MAX_MS * 4);
      expect(net.calls).toHaveLength(1);
      expect(connected).toEqual([]);
      stream?.close();
    }
  });

  it('a stream silent for more than two heartbeats counts as broken and reconnects', async () => {
    const net = fakeFetch();
    const quiet = sseBody();
    net.answers.push(quiet, sseBody());
    const { connected } = open(net);
    await flush();
    quiet.event('hello', { uid: 1 });
    await vi.advanceTimersByTimeAsync(LIVE_SILENCE_MS - 1_000);
    expect(connected).toEqual([true]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(connected).toEqual([true, false]);
    expect(net.calls[0]!.signal!.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(LIVE_RETRY_MIN_MS);
    expect(net.calls).toHaveLength(2);
  });

  it('close() aborts the request, says disconnected and never reconnects', async () => {
    const net = fakeFetch();
    const body = sseBody();
    net.answers.push(body);
    const { connected } = open(net);
    await flush();
    body.event('hello', { uid: 1 });
    await flush();
    stream!.close();
    await flush();
    expect(net.calls[0]!.signal!.aborted).toBe(true);
    expect(connected).toEqual([true, false]);
    await vi.advanceTimersByTimeAsync(LIVE_RETRY_MAX_MS * 2);
    expect(net.calls).toHaveLength(1);
  });
});
