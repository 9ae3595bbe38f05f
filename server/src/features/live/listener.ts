/**
 * The process's one LISTEN connection to LIVE_CHANNEL (docs/api.md "Live updates"):
 * a dedicated pg.Client, not one of the pool's (it stays open for the process's life and must not
 * take a connection the requests need). If it drops (PostgreSQL restarted, the network cut, the
 * session terminated) it reconnects with a doubling wait (LISTEN_RETRY_MIN_MS to
 * LISTEN_RETRY_MAX_MS) and calls `onReconnect`: whatever was committed meanwhile was not heard, so
 * the streams are told to re-read (a `hello`). A connection that silently stopped answering is
 * found by a `SELECT 1` every `pingMs`.
 */
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { LIVE_CHANNEL } from '@xiaoba/shared/core';

export const LISTEN_RETRY_MIN_MS = 500;
export const LISTEN_RETRY_MAX_MS = 30_000;
/** How long connecting or the liveness query may take before the connection counts as lost. */
const CONNECT_TIMEOUT_MS = 10_000;

export interface LiveListenerOptions {
  connectionString: string;
  log: FastifyBaseLogger;
  /** Each notification's payload, as sent by the triggers of migration 021. */
  onPayload(payload: string): void;
  /** The connection was lost and is listening again: signals may have been missed. */
  onReconnect(): void;
  /** Liveness query interval. */
  pingMs: number;
}

export class LiveListener {
  private client: pg.Client | null = null;
  private stopped = false;
  private retryMs = LISTEN_RETRY_MIN_MS;
  private retryTimer: NodeJS.Timeout | undefined;
  private pingTimer: NodeJS.Timeout | undefined;
  /** A connection was tried before: the next one that listens is a reconnection (streams may have missed signals). */
  private triedBefore = false;
  /** Reconnections so far (tests and logs). */
  reconnections = 0;

  constructor(private readonly options: LiveListenerOptions) {}

  /** Connects and LISTENs; resolves once listening, or after the first failure (it then retries in the background). */
  async start(): Promise<void> {
    await this.connect();
    this.pingTimer = setInterval(() => void this.ping(), this.options.pingMs);
    this.pingTimer.unref();
  }

  get listening(): boolean {
    return this.client !== null;
  }

  /** The backend pid of the LISTEN session (tests terminate it to check the reconnection). */
  async backendPid(): Promise<number | null> {
    const client = this.client;
    if (!client) return null;
    const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    return rows[0]?.pid ?? null;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    clearInterval(this.pingTimer);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const again = this.triedBefore;
    this.triedBefore = true;
    const client = new pg.Client({
      connectionString: this.options.connectionString,
      application_name: 'xiaoba-live',
      keepAlive: true,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      options: '-c TimeZone=UTC',
    });
    // Errors and the end of the connection both mean: start again (once).
    let lost = false;
    const onLost = (err?: unknown) => {
      if (lost) return;
      lost = true;
      if (this.client === client) this.client = null;
      void client.end().catch(() => {});
      if (this.stopped) return;
      this.options.log.warn({ err }, 'live updates: the LISTEN connection was lost; reconnecting');
      this.scheduleRetry();
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', (message) => {
      if (message.channel === LIVE_CHANNEL && message.payload) this.options.onPayload(message.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${LIVE_CHANNEL}`);
    } catch (err) {
      if (!lost) onLost(err);
      return;
    }
    if (lost) return;
    if (this.stopped) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    this.retryMs = LISTEN_RETRY_MIN_MS;
    if (again) {
      this.reconnections += 1;
      this.options.log.info('live updates: listening again');
      this.options.onReconnect();
    }
  }

  private scheduleRetry(): void {
    clearTimeout(this.retryTimer);
    const wait = this.retryMs;
    this.retryMs = Math.min(this.retryMs * 2, LISTEN_RETRY_MAX_MS);
    this.retryTimer = setTimeout(() => void this.connect(), wait);
    this.retryTimer.unref();
  }

  /** A connection that no longer answers (a cut the socket did not notice) is dropped and made again. */
  private async ping(): Promise<void> {
    const client = this.client;
    if (!client) return;
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        client.query('SELECT 1'),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('no answer to the liveness query')), CONNECT_TIMEOUT_MS);
        }),
      ]);
    } catch (err) {
      if (this.client === client) client.emit('error', err);
    } finally {
      clearTimeout(timer);
    }
  }
}
