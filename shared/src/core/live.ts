/**
 * Live updates: the contract of the event stream the server and the modules
 * share. docs/api.md "Live updates" describes the route.
 *
 * GET /api/live/stream (Authorization: Bearer <access token>, like every call) answers
 * `text/event-stream`: one stream per tab. Each event is `event: <type>` + `data: <JSON>`; a
 * comment line (`: ping`) every LIVE_HEARTBEAT_MS keeps proxies from closing it. The server ends
 * the stream when the access token expires (the client reconnects with a fresh one) and at
 * shutdown. Events are hints: the client re-reads through the ordinary routes, which apply every
 * rule (removal, block, privacy), so an event never carries content.
 *
 * Many API processes on one PostgreSQL: each process LISTENs on one dedicated connection to the
 * channel LIVE_CHANNEL, and what any process commits reaches every process's streams.
 */

export const LIVE_STREAM_URL = '/live/stream';
/** The PostgreSQL channel of NOTIFY / LISTEN. */
export const LIVE_CHANNEL = 'xiaoba_live';
/** A comment line at least this often (proxies close idle streams after 30–60 s). */
export const LIVE_HEARTBEAT_MS = 25_000;
/** Streams one user may hold at once (tabs); one more gets 429. */
export const LIVE_STREAMS_PER_USER = 8;
/** The client's wait before reconnecting after a break: doubled per failure up to the max. */
export const LIVE_RETRY_MIN_MS = 1_000;
export const LIVE_RETRY_MAX_MS = 30_000;

/** Which notice list changed for the stream's user. */
export type LiveNoticeKind = 'comment' | 'fan' | 'system';

export type LiveEvent =
  /** First event of a stream: the client re-reads what it may have missed while disconnected. */
  | { type: 'hello'; uid: number }
  /** The user's notices of this kind changed (a comment or reply to them, a new fan, a system notice). */
  | { type: 'notice'; kind: LiveNoticeKind }
  /**
   * A yy was posted (not by the stream's user, never by someone they block or who blocks them).
   * `following`: the stream's user follows the author, so it belongs to 关注的yy as well.
   */
  | { type: 'yy'; weiboId: number; uid: number; following: boolean }
  /**
   * A 小纸条 was sent to or by the stream's user (their other tabs): `withUid` is the other user of
   * the conversation, `unread` the stream's user's unread notes now (the header's count). An open
   * conversation with `withUid` re-reads its page 1; the note itself comes through that read.
   */
  | { type: 'scrip'; scripId: number; withUid: number; unread: number };

export type LiveEventType = LiveEvent['type'];
export const LIVE_EVENT_TYPES: readonly LiveEventType[] = ['hello', 'notice', 'yy', 'scrip'];

/** The RTK Query tag id of a feed's pages (mf-space's yy-api: `{ type: 'YyList', id }`). */
export const FEED_LIST_TAG = { all: 'ALL', following: 'FOLLOWING' } as const;

/** The words of the new-yy bar. */
export const LIVE_MSG = {
  newYy: (n: number) => `有${n}条新yy`,
} as const;
