/**
 * SQL for yy posts and their pictures, and the turn of a list's rows into the API's Yy (the comments' SQL is
 * features/comments/queries.ts).
 * Counters (`users.yy_count`, `site_counters['yy']`, `yy.comment_count`) change in the same
 * transaction as the rows they count, so pages read them instead of counting. They count visible
 * rows: a moderator's removal (migration 015, features/moderation/queries/removal.ts) takes a row off them, and every read
 * here leaves removed rows out as if deleted (a restore brings them back).
 */
import type { ImageData, Yy } from '@xiaoba/shared/core';
import { uploadUrl } from '../../uploads/store';
import type { Queryable } from '../../data/pool';

/**
 * A yy as a list's SQL builds it (server/sql/20_yy_list_rows.sql): the API's Yy, but `typeData`
 * and `sourceTData` hold the pictures' stored file names in order (null when none).
 */
export type YyJson = Omit<Yy, 'typeData' | 'sourceTData'> & { typeData: string[] | null; sourceTData: string[] | null };

/** A row of a yy list: the list's total, and a yy, or null on the row of just the total (no records). */
export interface YyListRow {
  total: number;
  yy: YyJson | null;
}

const imageData = (files: string[] | null): ImageData | null =>
  files && files.length > 0 ? { type: 'image', data: files.map((f) => ({ url: uploadUrl(f) })) } : null;

/**
 * The API's Yy: the pictures' stored file names become their URLs. In place: the parsed object
 * keeps its fields and their order (a copy without some keys makes every page slower to write out).
 */
export function toYy(row: YyJson): Yy {
  const pictures = imageData(row.typeData);
  const sourcePictures = imageData(row.sourceTData);
  const yy = row as unknown as Yy;
  yy.typeData = pictures;
  yy.sourceTData = sourcePictures;
  return yy;
}

/** The total and the records of a yy list's rows. */
export function yyList(rows: YyListRow[]): { total: number; records: Yy[] } {
  const records: Yy[] = [];
  for (const r of rows) if (r.yy !== null) records.push(toYy(r.yy));
  return { total: rows[0]?.total ?? 0, records };
}

/**
 * One page of yy with its total, in one round trip (instead of three: the counter, the rows, their
 * pictures): the function yy_list_page (server/sql/30_yy_list_page.sql) reads the counter (a user's
 * `yy_count`, or the site's), then the page's ids newest first from the (uid, ctime, weibo_id) or
 * (ctime, weibo_id) index of visible yy scanned backwards, then those rows with author, source and
 * each one's pictures as an array (yy_list_rows); beyond the last page nothing is scanned. Every
 * statement keeps one plan per connection (docs/adr/0009-api-read-path.md). Null when `uid` names
 * no user.
 *
 * `viewer` (the caller) sees what visible_yy (server/sql/10_visible_yy.sql) lets every list show:
 * on the site's page the yy of the users they blocked are left out, total included; in any page a
 * repost of such a user's yy shows its source as deleted; comment counts leave out those users'
 * comments. A user's own page lists that user's yy even when the viewer blocked them: the viewer
 * went there.
 */
export async function yyPage(
  db: Queryable,
  uid: number | null,
  limit: number,
  offset: number,
  viewer: number | null = null,
): Promise<{ total: number; records: Yy[] } | null> {
  const { rows } = await db.query<YyListRow>({
    name: 'yy-list-page',
    text: 'SELECT * FROM yy_list_page($1, $2, $3, $4) WITH ORDINALITY ORDER BY ordinality',
    values: [uid, limit, offset, viewer],
  });
  return rows.length === 0 ? null : yyList(rows);
}

/**
 * One page of the following feed (GET /api/yy/getfollowyy): the yy of the users `viewer` follows
 * and the viewer's own, newest first, as visible_yy lets the viewer see them (removed yy and the
 * viewer's blocked users left out, as yy and as sources), in one round trip (the function
 * follow_list_page, server/sql/30_follow_list_page.sql). `total` is exact on the last page and beyond it;
 * while more follow it is the page's end plus one (counting every followee's yy would cost a probe
 * per followee: docs/api.md "The following feed").
 */
export async function followPage(db: Queryable, viewer: number, limit: number, offset: number): Promise<{ total: number; records: Yy[] }> {
  const { rows } = await db.query<YyListRow>({
    name: 'follow-list-page',
    text: 'SELECT * FROM follow_list_page($1, $2, $3) WITH ORDINALITY ORDER BY ordinality',
    values: [viewer, limit, offset],
  });
  return yyList(rows);
}

/**
 * One yy as `viewer` sees it in a list (yy_list_rows: a repost of a blocked user's yy shows its
 * source as deleted); null when it does not exist, was removed, or is by a user the viewer blocked.
 */
export async function findYy(db: Queryable, yyId: number, viewer: number | null = null): Promise<Yy | null> {
  const { rows } = await db.query<YyListRow>({
    name: 'yy-list-one',
    text: 'SELECT * FROM yy_list_rows(1, ARRAY[$1::bigint], $2)',
    values: [yyId, viewer],
  });
  return yyList(rows).records[0] ?? null;
}

export interface YyKey {
  weibo_id: number;
  uid: number;
  transpond_id: number | null;
}

/**
 * The bare row of a visible yy, locked for the transaction when `lock` (delete, comment count). A
 * removed yy is not found: it cannot be reposted, deleted or read (kept for a restore).
 */
export async function findYyKey(db: Queryable, yyId: number, lock = false): Promise<YyKey | null> {
  const { rows } = await db.query<YyKey>(`SELECT weibo_id, uid, transpond_id FROM yy WHERE weibo_id = $1 AND removed_at IS NULL${lock ? ' FOR UPDATE' : ''}`, [
    yyId,
  ]);
  return rows[0] ?? null;
}

/** Whether `uid` posted this very text (not a repost) within the last `seconds`. */
export async function postedSameText(db: Queryable, uid: number, content: string, seconds: number): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM yy WHERE uid = $1 AND ctime > now() - make_interval(secs => $3)
       AND transpond_id IS NULL AND content = $2 AND removed_at IS NULL LIMIT 1`,
    [uid, content, seconds],
  );
  return rows.length > 0;
}

export interface NewYy {
  uid: number;
  content: string;
  transpondId: number | null;
  /** Unix seconds; now when absent (demo data sets it). */
  ctime?: number;
}

/** Inserts a yy and counts it (author and site). Returns its id. */
export async function insertYy(db: Queryable, yy: NewYy): Promise<number> {
  const { rows } = await db.query<{ weibo_id: number }>(
    `INSERT INTO yy (uid, content, transpond_id, ctime)
     VALUES ($1, $2, $3, coalesce(to_timestamp($4)::timestamp(3), now())) RETURNING weibo_id`,
    [yy.uid, yy.content, yy.transpondId, yy.ctime ?? null],
  );
  await db.query('UPDATE users SET yy_count = yy_count + 1 WHERE uid = $1', [yy.uid]);
  await db.query(`UPDATE site_counters SET value = value + 1 WHERE name = 'yy'`);
  return rows[0]!.weibo_id;
}

/**
 * Attaches uploads (by stored file, in this order) to a yy: only uploads of `uid` that no yy (nor
 * 日志 entry) uses yet. Returns how many were attached; the caller rolls back when that is fewer than asked.
 */
export async function claimUploads(db: Queryable, yyId: number, uid: number, files: string[]): Promise<number> {
  const { rowCount } = await db.query(
    `UPDATE uploads u SET weibo_id = $1, position = t.pos
     FROM unnest($3::text[]) WITH ORDINALITY AS t(file, pos)
     WHERE u.file = t.file AND u.uid = $2 AND u.weibo_id IS NULL AND u.diary_id IS NULL`,
    [yyId, uid, files],
  );
  return rowCount ?? 0;
}

/**
 * Deletes a yy with its comments and pictures' rows, and uncounts it. Returns the stored files
 * to remove once the transaction has committed: those no other row names (an import stores a
 * picture once for all the yy that show it).
 */
export async function deleteYy(db: Queryable, key: YyKey): Promise<string[]> {
  const { rows } = await db.query<{ file: string }>(
    `WITH gone AS (DELETE FROM uploads WHERE weibo_id = $1 RETURNING file)
     SELECT DISTINCT g.file FROM gone g WHERE NOT EXISTS (SELECT 1 FROM uploads u WHERE u.file = g.file AND u.weibo_id IS DISTINCT FROM $1)`,
    [key.weibo_id],
  );
  await db.query('DELETE FROM yy WHERE weibo_id = $1', [key.weibo_id]);
  await db.query('UPDATE users SET yy_count = yy_count - 1 WHERE uid = $1', [key.uid]);
  await db.query(`UPDATE site_counters SET value = value - 1 WHERE name = 'yy'`);
  return rows.map((r) => r.file);
}
