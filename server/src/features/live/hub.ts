/**
 * The process's open event streams by user, and the fan-out of the signals its LISTEN connection
 * hears (docs/api.md "Live updates"; the contract: shared/src/core/live.ts):
 * - `notice` signals go to the recipient's streams only;
 * - `yy` signals go to every stream but the author's own and those of users who blocked the author
 *   or whom the author blocked, with `following` per stream: ONE query per signal for all the
 *   users connected to this process (their follows of and blocks with the author);
 * - `ban` signals end the user's streams (the client's reconnect is then refused with 401);
 * - `scrip` signals (a new 小纸条) go to its reader's streams and its writer's other tabs, each with
 *   that user's unread count: one query per user connected to this process.
 * Each stream starts with `hello`, gets a `: ping` comment every `heartbeatMs` (one timer for all),
 * ends when its access token expires, when it falls behind (a reader that stopped reading), and at
 * shutdown.
 */
import { PassThrough } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { LIVE_STREAMS_PER_USER, type LiveEvent, type LiveNoticeKind } from '@xiaoba/shared/core';
import type { Queryable } from '../../data/pool';
import { yyAudience } from './queries';
import { unreadScrips } from '../scrip';

/** Bytes a stream may have waiting unread before it is ended (the client reconnects and re-reads). */
export const STREAM_BUFFER_MAX = 64 * 1024;

const NOTICE_KINDS: readonly LiveNoticeKind[] = ['comment', 'fan', 'system'];

/** A signal of migration 021's triggers. */
export type LiveSignal =
  | { t: 'notice'; uid: number; kind: LiveNoticeKind }
  | { t: 'yy'; uid: number; id: number }
  | { t: 'ban'; uid: number }
  | { t: 'scrip'; uid: number; id: number; to: number };

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;

/** The payload as the triggers write it, or null for anything else (never trusted blindly: anyone with SQL access may NOTIFY). */
export function parseSignal(payload: string): LiveSignal | null {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const s = value as Record<string, unknown>;
  if (!isId(s.uid)) return null;
  if (s.t === 'notice' && NOTICE_KINDS.includes(s.kind as LiveNoticeKind)) return { t: 'notice', uid: s.uid, kind: s.kind as LiveNoticeKind };
  if (s.t === 'yy' && isId(s.id)) return { t: 'yy', uid: s.uid, id: s.id };
  if (s.t === 'ban') return { t: 'ban', uid: s.uid };
  if (s.t === 'scrip' && isId(s.id) && isId(s.to)) return { t: 'scrip', uid: s.uid, id: s.id, to: s.to };
  return null;
}

/** One event in the text/event-stream format: the type, and the event itself as JSON. */
export function formatEvent(event: LiveEvent): string {
  return `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
}

export const PING = ': ping\n\n';

interface LiveStream {
  uid: number;
  body: PassThrough;
  expiry: NodeJS.Timeout;
}

export interface LiveHubOptions {
  db: Queryable;
  log: FastifyBaseLogger;
  heartbeatMs: number;
  perUser?: number;
}

export class LiveHub {
  private readonly streams = new Map<number, Set<LiveStream>>();
  private heartbeat: NodeJS.Timeout | undefined;
  private closed = false;
  private queue: Promise<void> = Promise.resolve();
  private readonly perUser: number;

  constructor(private readonly options: LiveHubOptions) {
    this.perUser = options.perUser ?? LIVE_STREAMS_PER_USER;
  }

  /** Open streams (all users), for tests and logs. */
  get size(): number {
    let n = 0;
    for (const set of this.streams.values()) n += set.size;
    return n;
  }

  /**
   * A new stream for `uid`, ending at `expiresAt` (unix seconds: the access token's exp); null when
   * the user holds `perUser` streams in this process already, or the hub is closing.
   */
  open(uid: number, expiresAt: number): PassThrough | null {
    if (this.closed) return null;
    let set = this.streams.get(uid);
    if (set && set.size >= this.perUser) return null;
    if (!set) {
      set = new Set();
      this.streams.set(uid, set);
    }
    const body = new PassThrough();
    const stream: LiveStream = {
      uid,
      body,
      expiry: setTimeout(() => body.end(), Math.max(0, expiresAt * 1000 - Date.now())),
    };
    set.add(stream);
    // Ended by us, by the client going away (Fastify destroys the body), or by an error: forget it.
    const forget = () => this.remove(stream);
    body.once('close', forget);
    body.once('end', forget);
    body.once('error', forget);
    this.startHeartbeat();
    this.write(stream, formatEvent({ type: 'hello', uid }));
    return body;
  }

  /** Ends every stream and refuses new ones (shutdown). */
  close(): void {
    this.closed = true;
    clearInterval(this.heartbeat);
    this.heartbeat = undefined;
    for (const set of this.streams.values()) for (const s of set) s.body.end();
  }

  /**
   * A signal heard on the channel, passed on after those heard before it (a yy's query does not
   * let a later notice overtake it): the streams get events in commit order. Never rejects.
   */
  receive(signal: LiveSignal): Promise<void> {
    this.queue = this.queue
      .then(() => this.dispatch(signal))
      .catch((err: unknown) => this.options.log.warn({ err }, 'live updates: a signal could not be passed on'));
    return this.queue;
  }

  private async dispatch(signal: LiveSignal): Promise<void> {
    if (signal.t === 'notice') {
      this.send(signal.uid, { type: 'notice', kind: signal.kind });
    } else if (signal.t === 'ban') {
      for (const s of this.streams.get(signal.uid) ?? []) s.body.end();
    } else if (signal.t === 'scrip') {
      await this.dispatchScrip(signal.id, signal.uid, signal.to);
    } else {
      await this.dispatchYy(signal.uid, signal.id);
    }
  }

  /** After the LISTEN connection was lost and made again: every stream re-reads what it may have missed. */
  helloAll(): void {
    for (const [uid, set] of this.streams) for (const s of set) this.write(s, formatEvent({ type: 'hello', uid }));
  }

  private async dispatchYy(author: number, weiboId: number): Promise<void> {
    const uids = [...this.streams.keys()].filter((uid) => uid !== author);
    if (uids.length === 0) return;
    const { following, blocked } = await yyAudience(this.options.db, author, uids);
    for (const uid of uids) {
      if (!blocked.has(uid)) this.send(uid, { type: 'yy', weiboId, uid: author, following: following.has(uid) });
    }
  }

  /** A new note: its reader's and its writer's streams, each with their own unread count (the note itself is read through the routes). */
  private async dispatchScrip(scripId: number, writer: number, reader: number): Promise<void> {
    for (const [uid, withUid] of [
      [reader, writer],
      [writer, reader],
    ] as const) {
      if (!this.streams.has(uid)) continue;
      const unread = await unreadScrips(this.options.db, uid);
      this.send(uid, { type: 'scrip', scripId, withUid, unread });
    }
  }

  private send(uid: number, event: LiveEvent): void {
    const set = this.streams.get(uid);
    if (!set) return;
    const text = formatEvent(event);
    for (const s of set) this.write(s, text);
  }

  private write(stream: LiveStream, text: string): void {
    const { body } = stream;
    if (body.writableEnded || body.destroyed) return;
    // A reader that stopped reading (a frozen tab, a dead connection not yet noticed) is cut off
    // rather than buffered without end; a live client reconnects and re-reads.
    if (body.writableLength > STREAM_BUFFER_MAX) {
      this.options.log.info({ uid: stream.uid }, 'live updates: a stream fell behind; ended');
      body.end();
      return;
    }
    body.write(text);
  }

  private remove(stream: LiveStream): void {
    clearTimeout(stream.expiry);
    const set = this.streams.get(stream.uid);
    if (!set?.delete(stream)) return;
    if (set.size === 0) this.streams.delete(stream.uid);
    if (this.streams.size === 0) {
      clearInterval(this.heartbeat);
      this.heartbeat = undefined;
    }
  }

  private startHeartbeat(): void {
    if (this.heartbeat) return;
    this.heartbeat = setInterval(() => {
      for (const set of this.streams.values()) for (const s of set) this.write(s, PING);
    }, this.options.heartbeatMs);
    this.heartbeat.unref();
  }
}
