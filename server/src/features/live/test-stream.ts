/**
 * For the tests: an event stream of GET /api/live/stream read over a real socket, as a browser's
 * fetch reads it. One connection per stream, never pooled (a pooled client may leave a connection
 * open that carries no request, which a server's shutdown then waits for).
 */
import http from 'node:http';
import type { LiveEvent } from '@xiaoba/shared/core';

export interface OpenedStream {
  status: number;
  headers: Headers;
  /** The body of a refusal (status other than 200). */
  refusal?: { code: number; msg: string };
  /** Every event so far, in order. */
  events: LiveEvent[];
  /** `: ping` comments so far. */
  readonly pings: number;
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
  hasEnded(): boolean;
  /** The first event (from index `from`) that matches, waiting up to `ms`. */
  next(match: (e: LiveEvent) => boolean, ms?: number, from?: number): Promise<LiveEvent>;
  /** Waits until `check` holds. */
  until(what: string, check: () => boolean, ms?: number): Promise<void>;
  close(): void;
}

export async function openStream(baseUrl: string, token: string | null, headers: Record<string, string> = {}): Promise<OpenedStream> {
  const req = http.get(`${baseUrl}/api/live/stream`, { agent: false, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers } });
  const res = await new Promise<http.IncomingMessage>((resolve, reject) => req.once('response', resolve).once('error', reject));
  const resHeaders = new Headers();
  for (const [name, value] of Object.entries(res.headers)) if (typeof value === 'string') resHeaders.set(name, value);
  const abort = { abort: () => req.destroy() };
  const status = res.statusCode ?? 0;
  const events: LiveEvent[] = [];
  let pings = 0;
  let done = false;
  const waiters = new Set<() => void>();
  const wake = () => waiters.forEach((w) => w());
  if (status !== 200) {
    let text = '';
    for await (const chunk of res) text += String(chunk);
    const refusal = JSON.parse(text) as { code: number; msg: string };
    return {
      status,
      headers: resHeaders,
      refusal,
      events,
      pings,
      ended: Promise.resolve(),
      hasEnded: () => true,
      next: () => Promise.reject(new Error('refused')),
      until: () => Promise.reject(new Error('refused')),
      close: () => abort.abort(),
    };
  }
  const ended = (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of res) {
        buffer += decoder.decode(chunk as Buffer, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          if (block.startsWith(':')) pings += 1;
          const data = block.split('\n').find((l) => l.startsWith('data: '));
          if (data) events.push(JSON.parse(data.slice(6)) as LiveEvent);
        }
        wake();
      }
    } catch {
      // aborted by close()
    }
    done = true;
    wake();
  })();
  const until = async (what: string, check: () => boolean, ms = 5_000) => {
    const deadline = Date.now() + ms;
    while (!check()) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`not within ${ms} ms: ${what} (events: ${JSON.stringify(events)})`);
      await new Promise<void>((resolve) => {
        const w = () => {
          waiters.delete(w);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(w, left);
        waiters.add(w);
      });
    }
  };
  const stream: OpenedStream = {
    status,
    headers: resHeaders,
    events,
    get pings() {
      return pings;
    },
    ended,
    hasEnded: () => done,
    next: async (match, ms = 5_000, from = 0) => {
      await until('a matching event', () => events.slice(from).some(match), ms);
      return events.slice(from).find(match)!;
    },
    until,
    close: () => abort.abort(),
  };
  return stream;
}
