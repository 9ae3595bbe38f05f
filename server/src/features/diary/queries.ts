/**
 * SQL of the 日志 (migration 025): entries, their pictures (uploads.diary_id) and the answers'
 * shapes. Every read of an entry takes its rows from visible_diaries (server/sql/
 * 20_visible_diaries.sql): removed entries, the four visibilities and the viewer's blocks are
 * decided there, once. Comments: ./comment-queries.ts.
 */
import { DIARY_EXCERPT_MAX, type Diary, type DiarySummary, type Visibility } from '@xiaoba/shared/core';
import { epoch, epoch0 } from '../../data/epoch';
import type { Queryable } from '../../data/pool';
import { uploadUrl } from '../../uploads/store';

/** The stored files of entry `d`'s pictures, in order. */
const FILES = (d: string) => `coalesce((SELECT array_agg(f.file ORDER BY f.position) FROM uploads f WHERE f.diary_id = ${d}.diary_id), '{}')`;

/** Fields both answers share, of entry `d` and its author `u`. */
const COMMON = (d: string, u: string) => `'diaryId', ${d}.diary_id, 'uid', ${d}.uid, 'userName', ${u}.name, 'face', ${u}.face, 'avatar', ${u}.avatar,
  'title', ${d}.title, 'visibility', ${d}.visibility, 'commentCount', ${d}.comment_count,
  'ctime', ${epoch(`${d}.ctime`)}, 'mtime', ${epoch0(`${d}.mtime`)}`;

/** The API's Diary as JSON, its pictures as stored files (toDiary makes them URLs). */
const DIARY_JSON = (d: string, u: string) => `json_build_object(${COMMON(d, u)}, 'content', ${d}.content, 'images', ${FILES(d)})`;
/** DiarySummary as JSON, with the start of the body (summaryOf cuts the excerpt) and every file. */
export const SUMMARY_JSON = (d: string, u: string) =>
  `json_build_object(${COMMON(d, u)}, 'content', left(${d}.content, ${DIARY_EXCERPT_MAX * 2}), 'images', ${FILES(d)})`;

type DiaryJson = Diary;
type SummaryJson = Omit<DiarySummary, 'excerpt' | 'cover' | 'imageCount'> & { content: string; images: string[] };

export function toDiary(r: DiaryJson): Diary {
  return { ...r, images: r.images.map(uploadUrl) };
}

/**
 * The first DIARY_EXCERPT_MAX characters of a body, its paragraphs joined by a space; when cut, an
 * emoji code cut in half is dropped (it would show as `[b1`) and `…` marks the cut.
 */
export function diaryExcerpt(content: string): string {
  const chars = Array.from(content.replace(/\s+/g, ' ').trim());
  if (chars.length <= DIARY_EXCERPT_MAX) return chars.join('');
  return (
    chars
      .slice(0, DIARY_EXCERPT_MAX)
      .join('')
      .replace(/\[[a-z]?\d*$/, '') + '…'
  );
}

export function toSummary({ content, images, ...r }: SummaryJson): DiarySummary {
  return { ...r, excerpt: diaryExcerpt(content), cover: images[0] ? uploadUrl(images[0]) : '', imageCount: images.length };
}

/** One entry as `viewer` (0: signed out) may see it, else null: missing, removed or not theirs to see alike. */
export async function findDiary(db: Queryable, diaryId: number, viewer: number): Promise<Diary | null> {
  const { rows } = await db.query<{ d: DiaryJson }>(
    // The entry's owner is the space the viewer opened on purpose (visible_diaries' `owner`).
    `SELECT ${DIARY_JSON('d', 'u')} AS d FROM visible_diaries($2, (SELECT x.uid FROM diaries x WHERE x.diary_id = $1)) d
     JOIN users u ON u.uid = d.uid WHERE d.diary_id = $1`,
    [diaryId, viewer],
  );
  return rows[0] ? toDiary(rows[0].d) : null;
}

/** Whether `viewer` may see entry `diaryId` (findDiary's rule, without the answer). */
export async function diaryVisible(db: Queryable, diaryId: number, viewer: number): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM visible_diaries($2, (SELECT x.uid FROM diaries x WHERE x.diary_id = $1)) d WHERE d.diary_id = $1', [
    diaryId,
    viewer,
  ]);
  return rows.length > 0;
}

export interface SummaryPage {
  total: number;
  records: DiarySummary[];
}

/** A page of `owner`'s entries `viewer` may see, newest first; null when `owner` does not exist. */
export async function diaryPage(db: Queryable, owner: number, viewer: number, limit: number, offset: number): Promise<SummaryPage | null> {
  const { rows } = await db.query<{ total: number; records: SummaryJson[] }>(
    `WITH v AS (SELECT d.* FROM visible_diaries($2, $1) d WHERE d.uid = $1)
     SELECT (SELECT count(*) FROM v)::int AS total,
            coalesce((SELECT json_agg(${SUMMARY_JSON('p', 'u')} ORDER BY p.ctime DESC, p.diary_id DESC)
                      FROM (SELECT * FROM v ORDER BY v.ctime DESC, v.diary_id DESC LIMIT $3 OFFSET $4) p JOIN users u ON u.uid = p.uid), '[]') AS records
     FROM users o WHERE o.uid = $1`,
    [owner, viewer, limit, offset],
  );
  const r = rows[0];
  return r ? { total: r.total, records: r.records.map(toSummary) } : null;
}

export interface DiaryKey {
  diary_id: number;
  uid: number;
}

/** A visible (not removed) entry's id and owner, its row locked when `lock`. */
export async function findDiaryKey(db: Queryable, diaryId: number, lock = false): Promise<DiaryKey | null> {
  const { rows } = await db.query<DiaryKey>(`SELECT diary_id, uid FROM diaries WHERE diary_id = $1 AND removed_at IS NULL${lock ? ' FOR UPDATE' : ''}`, [
    diaryId,
  ]);
  return rows[0] ?? null;
}

/** Whether `uid` wrote an entry with this title and body within the last `seconds`. */
export async function wroteSameDiary(db: Queryable, uid: number, title: string, content: string, seconds: number): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM diaries WHERE uid = $1 AND ctime > now() - make_interval(secs => $4) AND title = $2 AND content = $3 AND removed_at IS NULL LIMIT 1`,
    [uid, title, content, seconds],
  );
  return rows.length > 0;
}

export interface NewDiary {
  uid: number;
  title: string;
  content: string;
  visibility: Visibility;
  /** Unix seconds; now when absent (an import sets it). */
  ctime?: number;
  mtime?: number;
}

export async function insertDiary(db: Queryable, d: NewDiary): Promise<{ diaryId: number; ctime: number }> {
  const { rows } = await db.query<{ diaryId: number; ctime: number }>(
    `INSERT INTO diaries (uid, title, content, visibility, ctime, mtime)
     VALUES ($1, $2, $3, $4, coalesce(to_timestamp($5)::timestamp(3), now()), to_timestamp(nullif($6, 0))::timestamp(3))
     RETURNING diary_id AS "diaryId", ${epoch('ctime')} AS ctime`,
    [d.uid, d.title, d.content, d.visibility, d.ctime ?? null, d.mtime ?? 0],
  );
  return rows[0]!;
}

export async function updateDiary(db: Queryable, diaryId: number, d: Omit<NewDiary, 'uid'>): Promise<void> {
  await db.query('UPDATE diaries SET title = $2, content = $3, visibility = $4, mtime = now() WHERE diary_id = $1', [
    diaryId,
    d.title,
    d.content,
    d.visibility,
  ]);
}

/**
 * Sets entry `diaryId`'s pictures to `files` (stored files, in order): uploads of `uid` that no yy
 * or other entry uses. Its former pictures left out are deleted; returns how many were attached
 * (the caller rolls back when fewer than asked) and the files to remove once committed (those no
 * other row names).
 */
export async function setDiaryUploads(db: Queryable, diaryId: number, uid: number, files: string[]): Promise<{ attached: number; gone: string[] }> {
  const { rows } = await db.query<{ file: string }>(
    `WITH gone AS (DELETE FROM uploads WHERE diary_id = $1 AND NOT (file = ANY($2::text[])) RETURNING id, file)
     SELECT DISTINCT g.file FROM gone g WHERE NOT EXISTS (SELECT 1 FROM uploads u WHERE u.file = g.file AND u.id <> g.id)`,
    [diaryId, files],
  );
  // Released first: the kept ones may change position (unique per entry).
  await db.query('UPDATE uploads SET diary_id = NULL, position = NULL WHERE diary_id = $1', [diaryId]);
  const { rowCount } = await db.query(
    `UPDATE uploads u SET diary_id = $1, position = t.pos
     FROM unnest($3::text[]) WITH ORDINALITY AS t(file, pos)
     WHERE u.file = t.file AND u.uid = $2 AND u.weibo_id IS NULL AND u.diary_id IS NULL`,
    [diaryId, uid, files],
  );
  return { attached: rowCount ?? 0, gone: rows.map((r) => r.file) };
}

/**
 * Deletes an entry with its comments, notices and pictures' rows. Returns the stored files to
 * remove once the transaction has committed: those no other row names.
 */
export async function deleteDiary(db: Queryable, diaryId: number): Promise<string[]> {
  const { rows } = await db.query<{ file: string }>(
    `WITH gone AS (DELETE FROM uploads WHERE diary_id = $1 RETURNING id, file)
     SELECT DISTINCT g.file FROM gone g WHERE NOT EXISTS (SELECT 1 FROM uploads u WHERE u.file = g.file AND u.id <> g.id)`,
    [diaryId],
  );
  await db.query('DELETE FROM diaries WHERE diary_id = $1', [diaryId]);
  return rows.map((r) => r.file);
}

/**
 * Entries whose title or body holds `q` (already normalised by normalizeSearchQuery), newest
 * first, that `viewer` may see (visible_diaries), leaving out, like yy search, those of users who
 * blocked the viewer. The grams' index (migration 025) finds the candidates.
 */
export async function searchDiaries(db: Queryable, viewer: number, q: string, limit: number, offset: number): Promise<SummaryPage> {
  const { rows } = await db.query<{ total: number; records: SummaryJson[] }>(
    `WITH m AS MATERIALIZED (
       SELECT d.* FROM visible_diaries($1) d
       WHERE search_grams(d.title || ' ' || d.content) @> search_query_grams($2)
         AND strpos(search_fold(d.title || ' ' || d.content), $2) > 0
         AND NOT EXISTS (SELECT 1 FROM blocks b WHERE b.blocked_uid = $1 AND b.uid = d.uid))
     SELECT (SELECT count(*) FROM m)::int AS total,
            coalesce((SELECT json_agg(${SUMMARY_JSON('p', 'u')} ORDER BY p.ctime DESC, p.diary_id DESC)
                      FROM (SELECT * FROM m ORDER BY m.ctime DESC, m.diary_id DESC LIMIT $3 OFFSET $4) p JOIN users u ON u.uid = p.uid), '[]') AS records`,
    [viewer, q, limit, offset],
  );
  const r = rows[0]!;
  return { total: r.total, records: r.records.map(toSummary) };
}
