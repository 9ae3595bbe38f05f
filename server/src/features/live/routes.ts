/**
 * GET /api/live/stream (docs/api.md "Live updates"): the signed-in
 * user's event stream, `text/event-stream`, over this process's LiveHub and LiveListener.
 *
 * Every /api hook applies as to any read: the general rate limit counts the opening, the
 * sanctions hook refuses a banned user (401), archive mode's hook leaves GETs alone. The answer is
 * never compressed (a compressor would hold the events back) and asks proxies not to buffer it.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { LIVE_EVENT_TYPES, LIVE_HEARTBEAT_MS, LIVE_STREAM_URL, LIVE_STREAMS_PER_USER } from '@xiaoba/shared/core';
import { requireUser } from '../../api/auth/guard';
import type { TokenSigner } from '../../api/auth/tokens';
import type { Pool } from '../../data/pool';
import { ARCHIVE_MSG } from '../../api/http/archive';
import { ApiError } from '../../api/http/errors';
import { routeSchema } from '../../api/http/openapi';
import { LiveHub, parseSignal } from './hub';
import { LiveListener } from './listener';

export const LIVE_ERROR = {
  tooManyStreams: `同时打开的校巴页面太多了（最多${LIVE_STREAMS_PER_USER}个），请关掉一些再试`,
} as const;

/** The process's live updates: the streams and the LISTEN connection that feeds them. */
export interface Live {
  hub: LiveHub;
  /** Null in archive mode (nothing is written, nothing to hear). */
  listener: LiveListener | null;
  /** Connects and LISTENs: resolves once listening (or after a first failure: it then retries in the background). */
  start(): Promise<void>;
  close(): Promise<void>;
}

export interface LiveOptions {
  pool: Pool;
  log: FastifyBaseLogger;
  heartbeatMs?: number;
  /** Archive mode: no connection is made and no stream offered (nothing is written, nothing to hear). */
  archive: boolean;
}

/** The live updates of a process, not started yet. */
export function createLive({ pool, log, heartbeatMs = LIVE_HEARTBEAT_MS, archive }: LiveOptions): Live {
  const hub = new LiveHub({ db: pool, log, heartbeatMs });
  if (archive) {
    hub.close();
    return { hub, listener: null, start: async () => {}, close: async () => {} };
  }
  const listener = new LiveListener({
    connectionString: pool.options.connectionString!,
    log,
    pingMs: Math.max(heartbeatMs, 5_000),
    onPayload: (payload) => {
      const signal = parseSignal(payload);
      if (!signal) return log.warn({ payload: payload.slice(0, 200) }, 'live updates: a signal not of ours; ignored');
      void hub.receive(signal);
    },
    onReconnect: () => hub.helloAll(),
  });
  return {
    hub,
    listener,
    start: () => listener.start(),
    close: async () => {
      hub.close();
      await listener.stop();
    },
  };
}

/** The `exp` (unix seconds) of the access token the guard has just accepted. */
function tokenExpiry(authorization: string | undefined): number {
  const body = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1]?.split('.')[1] ?? '';
  const exp: unknown = (JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { exp?: unknown }).exp;
  return typeof exp === 'number' ? exp : 0;
}

const SCHEMA = routeSchema({
  summary: "The caller's live updates: a text/event-stream of hints (hello, notice, yy) that never ends by itself",
  description:
    `Events: ${LIVE_EVENT_TYPES.join(', ')} (shared/src/core/live.ts LiveEvent), each as \`event: <type>\` and \`data: <the event as JSON>\`; ` +
    `a \`: ping\` comment at least every ${LIVE_HEARTBEAT_MS / 1000} s. The stream ends when the access token expires and at shutdown. ` +
    `More than ${LIVE_STREAMS_PER_USER} streams of one user: 429; archive mode: 403.`,
  tags: ['live'],
  auth: true,
  produces: ['text/event-stream', 'application/json'],
  success: { type: 'string', description: 'The event stream (not an envelope)' },
});

export interface LiveRoutesOptions {
  signer: TokenSigner;
  live: Live;
  archive: boolean;
}

/** /api/live/stream (LIVE_STREAM_URL inside the /api scope). */
export async function liveRoutes(app: FastifyInstance, { signer, live, archive }: LiveRoutesOptions): Promise<void> {
  app.get(LIVE_STREAM_URL, { preValidation: requireUser(signer), schema: SCHEMA, compress: false }, async (request, reply) => {
    if (archive) throw new ApiError(403, ARCHIVE_MSG);
    // HEAD (Fastify answers it beside every GET): the headers, and no stream that would hold a slot.
    if (request.method === 'HEAD')
      return reply.header('content-type', 'text/event-stream; charset=utf-8').header('cache-control', 'no-cache, no-transform').send();
    const body = live.hub.open(request.uid, tokenExpiry(request.headers.authorization));
    if (!body) throw new ApiError(429, LIVE_ERROR.tooManyStreams);
    return (
      reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-cache, no-transform')
        .header('x-accel-buffering', 'no')
        // Once the stream ends the connection goes too: an idle keep-alive socket would hold a
        // shutdown (the server waits for its connections) and the client reconnects anew anyway.
        .header('connection', 'close')
        .send(body)
    );
  });
}
