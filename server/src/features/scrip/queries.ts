/**
 * SQL for 小纸条 (migration 024): the notes, and each user's row of each conversation
 * (`scrip_threads`), kept in the writes' transactions so the list, the unread count and a page's
 * total are read, never counted. Who may write to whom is scrip_allows (server/sql/10_scrip_allows.sql);
 * what one user still sees of a conversation is `seenBy` below: both are used by every read and write here.
 *
 * Locks: a write takes a note's row before the conversations' rows, and the two rows of a pair in
 * uid order, so a note sent while the other side deletes, or two users writing to each other at
 * once, wait for each other and never deadlock.
 */
import type { ModScripView, Scrip, ScripThread, ScripThreadPage } from '@xiaoba/shared/core';
import type { Queryable } from '../../data/pool';
import { cardJson } from '../../data/user-card';

const EPOCH = (column: string) => `floor(extract(epoch FROM ${column}))::bigint`;

/** `s` (a note) belongs to the conversation of the users `a` and `b` (SQL expressions): the pair index. */
const inPair = (s: string, a: string, b: string) =>
  `least(${s}.from_uid, ${s}.to_uid) = least(${a}::bigint, ${b}::bigint) AND greatest(${s}.from_uid, ${s}.to_uid) = greatest(${a}::bigint, ${b}::bigint)`;

/**
 * The one rule of what `me` still sees of a conversation: note `s` is not removed by a moderator,
 * not deleted by `me`, and after the conversation's clear `cleared` (SQL expressions).
 */
const seenBy = (s: string, me: string, cleared: string) =>
  `${s}.removed_at IS NULL AND ${s}.id > ${cleared}
   AND NOT CASE WHEN ${s}.from_uid = ${me} THEN ${s}.hidden_by_from ELSE ${s}.hidden_by_to END`;

/** A note as the API's `Scrip` object. */
const noteJson = (s: string) =>
  `json_build_object('scripId', ${s}.id, 'fromUid', ${s}.from_uid, 'toUid', ${s}.to_uid, 'content', ${s}.content, 'ctime', ${EPOCH(`${s}.ctime`)})`;

/** Whether `writer` may send `reader` a note now; null when either does not exist. */
export async function scripAllows(db: Queryable, writer: number, reader: number): Promise<boolean | null> {
  const { rows } = await db.query<{ allowed: boolean | null }>({
    name: 'scrip-allows',
    text: 'SELECT scrip_allows($1, $2) AS allowed',
    values: [writer, reader],
  });
  return rows[0]?.allowed ?? null;
}

/** `from` sent `to` this very text within the last `seconds` (a note not removed). */
export async function sentSameScrip(db: Queryable, from: number, to: number, content: string, seconds: number): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM scrips WHERE from_uid = $1 AND ctime > now() - make_interval(secs => $4)
       AND to_uid = $2 AND content = $3 AND removed_at IS NULL LIMIT 1`,
    [from, to, content, seconds],
  );
  return rows.length > 0;
}

/**
 * Stores a note and moves both users' rows of the conversation (created on the first note): its
 * newest note, the reader's unread count, each one's note count. One statement; the rows in uid order.
 */
export async function insertScrip(db: Queryable, from: number, to: number, content: string): Promise<{ scripId: number; ctime: number }> {
  const { rows } = await db.query<{ scripId: number; ctime: number }>({
    name: 'scrip-insert',
    text: `WITH note AS (
       INSERT INTO scrips (from_uid, to_uid, content) VALUES ($1, $2, $3) RETURNING id, ctime
     ), threads AS (
       INSERT INTO scrip_threads AS t (uid, other_uid, last_id, last_in_id, unread, notes)
       SELECT x.uid, x.other, n.id, CASE WHEN x.uid = $2 THEN n.id ELSE 0 END, (x.uid = $2)::int, 1
         FROM note n CROSS JOIN (VALUES ($1::bigint, $2::bigint), ($2::bigint, $1::bigint)) x (uid, other)
        ORDER BY x.uid
       ON CONFLICT (uid, other_uid) DO UPDATE SET
         last_id = greatest(t.last_id, excluded.last_id), last_in_id = greatest(t.last_in_id, excluded.last_in_id),
         unread = t.unread + excluded.unread, notes = t.notes + 1
     )
     SELECT id AS "scripId", ${EPOCH('ctime')} AS ctime FROM note`,
    values: [from, to, content],
  });
  return rows[0]!;
}

/**
 * A page of `me`'s conversations, the newest note first, and how many there are. One statement:
 * the page's rows of `scrip_threads` by their index, then per row the other user and the last note by key.
 */
export async function threadList(db: Queryable, me: number, limit: number, offset: number): Promise<{ total: number; records: ScripThread[] }> {
  const { rows } = await db.query<{ total: number; records: ScripThread[] }>({
    name: 'scrip-threads',
    text: `SELECT (SELECT count(*)::int FROM scrip_threads WHERE uid = $1 AND last_id IS NOT NULL) AS total,
              coalesce((
                SELECT json_agg(json_build_object(
                         'user', (SELECT json_build_object(${cardJson('u')}) FROM users u WHERE u.uid = t.other_uid),
                         'last', (SELECT ${noteJson('s')} FROM scrips s WHERE s.id = t.last_id),
                         'unread', t.unread) ORDER BY t.last_id DESC)
                  FROM (SELECT other_uid, last_id, unread FROM scrip_threads
                         WHERE uid = $1 AND last_id IS NOT NULL ORDER BY last_id DESC LIMIT $2 OFFSET $3) t
              ), '[]') AS records`,
    values: [me, limit, offset],
  });
  return rows[0]!;
}

/** A conversation page as `me` reads it, and what marking it read needs. */
export interface ThreadRead {
  page: Omit<ScripThreadPage, 'current' | 'size' | 'pages'>;
  /** The newest note from the other user (0: none), and the newest `me` had read. */
  lastIn: number;
  readThrough: number;
}

/**
 * Page `offset / limit` of `me`'s conversation with `other`, newest first, with `other`'s card and
 * whether `me` may write to them; null when `other` does not exist. One statement.
 */
export async function threadPage(db: Queryable, me: number, other: number, limit: number, offset: number): Promise<ThreadRead | null> {
  const { rows } = await db.query<{ user: ScripThreadPage['user']; mayScrip: boolean; total: number; lastIn: number; readThrough: number; records: Scrip[] }>({
    name: 'scrip-thread-page',
    text: `SELECT json_build_object(${cardJson('u')}) AS user, coalesce(scrip_allows($1, u.uid), false) AS "mayScrip",
              coalesce(t.notes, 0) AS total, coalesce(t.last_in_id, 0) AS "lastIn", coalesce(t.read_through, 0) AS "readThrough",
              coalesce((
                SELECT json_agg(${noteJson('p')} ORDER BY p.id DESC)
                  FROM (SELECT * FROM scrips s
                         WHERE ${inPair('s', '$1', '$2')} AND ${seenBy('s', '$1', 'coalesce(t.cleared_through, 0)')}
                         ORDER BY s.id DESC LIMIT $3 OFFSET $4) p
              ), '[]') AS records
       FROM users u LEFT JOIN scrip_threads t ON t.uid = $1 AND t.other_uid = u.uid
       WHERE u.uid = $2`,
    values: [me, other, limit, offset],
  });
  const row = rows[0];
  if (!row) return null;
  const { lastIn, readThrough, ...page } = row;
  return { page, lastIn, readThrough };
}

/**
 * Marks `me`'s notes from `other` read up to `upTo` (the newest the page's read saw): the unread
 * count loses the visible ones up to it. A note that arrived since stays unread (its own write
 * counted it on the row this update waits for).
 */
export async function markThreadRead(db: Queryable, me: number, other: number, upTo: number): Promise<void> {
  await db.query({
    name: 'scrip-mark-read',
    text: `UPDATE scrip_threads t SET read_through = $3,
              unread = greatest(0, t.unread - (SELECT count(*)::int FROM scrips s
                                               WHERE ${inPair('s', '$1', '$2')} AND s.id > t.read_through AND s.id <= $3
                                                 AND s.from_uid = $2 AND ${seenBy('s', '$1', 't.cleared_through')}))
       WHERE t.uid = $1 AND t.other_uid = $2 AND t.read_through < $3`,
    values: [me, other, upTo],
  });
}

/** `me`'s unread notes, all conversations together. */
export async function unreadScrips(db: Queryable, me: number): Promise<number> {
  const { rows } = await db.query<{ count: number }>({
    name: 'scrip-unread',
    text: 'SELECT coalesce(sum(unread), 0)::int AS count FROM scrip_threads WHERE uid = $1 AND unread > 0',
    values: [me],
  });
  return rows[0]!.count;
}

/**
 * Recomputes `uid`'s row of the conversation with `other` from the notes (after a deletion, a
 * removal or a restore): its newest note, note count and unread count. The row is locked first,
 * so the recount sees every note whose own write got there before.
 */
async function refreshThread(db: Queryable, uid: number, other: number): Promise<void> {
  const { rows } = await db.query<{ cleared: number; readThrough: number }>(
    'SELECT cleared_through AS cleared, read_through AS "readThrough" FROM scrip_threads WHERE uid = $1 AND other_uid = $2 FOR UPDATE',
    [uid, other],
  );
  const row = rows[0];
  if (!row) return;
  await db.query(
    `UPDATE scrip_threads SET last_id = x.last_id, notes = x.notes, unread = x.unread
       FROM (SELECT max(s.id) AS last_id, count(*)::int AS notes,
                    (count(*) FILTER (WHERE s.from_uid = $2 AND s.id > $4))::int AS unread
               FROM scrips s WHERE ${inPair('s', '$1', '$2')} AND ${seenBy('s', '$1', '$3')}) x
      WHERE uid = $1 AND other_uid = $2`,
    [uid, other, row.cleared, row.readThrough],
  );
}

/** Both users' rows of a note's conversation, recomputed in uid order (a moderator's removal or restore). */
export async function refreshScripNote(db: Queryable, scripId: number): Promise<void> {
  const { rows } = await db.query<{ from_uid: number; to_uid: number }>('SELECT from_uid, to_uid FROM scrips WHERE id = $1', [scripId]);
  const note = rows[0];
  if (!note) return;
  const [a, b] = [note.from_uid, note.to_uid].sort((x, y) => x - y) as [number, number];
  await refreshThread(db, a, b);
  await refreshThread(db, b, a);
}

/** Deletes one note for `me` only; false when `me` sees no such note (another's, removed, already deleted). */
export async function hideScrip(db: Queryable, me: number, scripId: number): Promise<boolean> {
  const { rows } = await db.query<{ other: number }>(
    `UPDATE scrips s SET hidden_by_from = s.hidden_by_from OR s.from_uid = $1, hidden_by_to = s.hidden_by_to OR s.to_uid = $1
      WHERE s.id = $2 AND $1 IN (s.from_uid, s.to_uid)
        AND ${seenBy('s', '$1', `coalesce((SELECT t.cleared_through FROM scrip_threads t WHERE t.uid = $1 AND t.other_uid = s.from_uid + s.to_uid - $1), 0)`)}
      RETURNING s.from_uid + s.to_uid - $1 AS other`,
    [me, scripId],
  );
  const other = rows[0]?.other;
  if (other === undefined) return false;
  await refreshThread(db, me, other);
  return true;
}

/**
 * Deletes `me`'s whole conversation with `other` for `me` only: every note up to the newest is
 * cleared, and it leaves the list until a new note comes. False when there was no conversation.
 */
export async function clearThread(db: Queryable, me: number, other: number): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE scrip_threads t SET
        cleared_through = greatest(t.cleared_through, coalesce(t.last_id, 0),
                                   (SELECT coalesce(max(s.id), 0) FROM scrips s WHERE ${inPair('s', '$1', '$2')})),
        last_id = NULL, notes = 0, unread = 0, read_through = greatest(t.read_through, t.last_in_id)
      WHERE t.uid = $1 AND t.other_uid = $2`,
    [me, other],
  );
  return (rowCount ?? 0) > 0;
}

/** One conversation in an export: the other user and the notes the user still sees, oldest first. */
export interface ScripExportThread {
  uid: number;
  name: string;
  notes: Array<{ id: number; fromUid: number; toUid: number; content: string; ctime: string }>;
}

/**
 * Every conversation of `uid` with the notes they still see (not those they deleted, nor those a
 * moderator removed), the newest conversation first; `time` writes a timestamp column as the export does.
 */
export async function exportScrips(db: Queryable, uid: number, time: (column: string) => string): Promise<ScripExportThread[]> {
  const { rows } = await db.query<ScripExportThread>(
    `SELECT t.other_uid AS uid, u.name,
            json_agg(json_build_object('id', s.id, 'fromUid', s.from_uid, 'toUid', s.to_uid, 'content', s.content, 'ctime', ${time('s.ctime')})
                     ORDER BY s.id) AS notes
       FROM scrip_threads t
       JOIN users u ON u.uid = t.other_uid
       JOIN scrips s ON ${inPair('s', 't.uid', 't.other_uid')} AND ${seenBy('s', 't.uid', 't.cleared_through')}
      WHERE t.uid = $1 AND t.last_id IS NOT NULL
      GROUP BY t.other_uid, u.name, t.last_id
      ORDER BY t.last_id DESC`,
    [uid],
  );
  return rows;
}

/**
 * A reported note as a moderator sees it: the note (removed or not), at most `around` notes before
 * and after it in its conversation that no moderator removed (whoever deleted them for themself),
 * oldest first, and its two users. Null when there is no such note or nobody reported it: nothing
 * else of anyone's notes is shown.
 */
export async function reportedScripView(db: Queryable, scripId: number, around: number): Promise<ModScripView | null> {
  const { rows } = await db.query<ModScripView>(
    `SELECT r.id AS "scripId", r.removed_at IS NOT NULL AS removed,
            json_build_object(${cardJson('fu')}) AS "from", json_build_object(${cardJson('tu')}) AS "to",
            (SELECT json_agg(${noteJson('x')} ORDER BY x.id) FROM (
               (SELECT * FROM scrips s WHERE ${inPair('s', 'r.from_uid', 'r.to_uid')} AND s.id < r.id AND s.removed_at IS NULL ORDER BY s.id DESC LIMIT $2)
               UNION ALL SELECT * FROM scrips s WHERE s.id = r.id
               UNION ALL (SELECT * FROM scrips s WHERE ${inPair('s', 'r.from_uid', 'r.to_uid')} AND s.id > r.id AND s.removed_at IS NULL ORDER BY s.id LIMIT $2)
            ) x) AS notes
       FROM scrips r JOIN users fu ON fu.uid = r.from_uid JOIN users tu ON tu.uid = r.to_uid
      WHERE r.id = $1 AND EXISTS (SELECT 1 FROM reports p WHERE p.target_kind = 'scrip' AND p.target_id = r.id)`,
    [scripId, around],
  );
  return rows[0] ?? null;
}
