/** Rows already here, matched only where they are the same author's in the same place. */
import type { Queryable } from '../../../data/pool';

export type Table = 'yy' | 'yy_comments' | 'leaves' | 'leave_replies' | 'albums' | 'album_photos';
const ID_COLUMN: Record<Table, string> = {
  yy: 'weibo_id',
  yy_comments: 'comment_id',
  leaves: 'leave_id',
  leave_replies: 'id',
  albums: 'album_id',
  album_photos: 'photo_id',
};
/** What a row hangs under: the yy's owner, the comment's yy, the message's board, the reply's message, the album's owner, the photo's album. */
const PARENT_COLUMN: Record<Table, string> = {
  yy: 'uid',
  yy_comments: 'weibo_id',
  leaves: 'fuid',
  leave_replies: 'leave_id',
  albums: 'uid',
  album_photos: 'album_id',
};
/** Albums and photos are the importer's own: never looked up as others' deleted rows. */
const TOMBSTONE_KIND: Record<Table, string> = {
  yy: 'yy',
  yy_comments: 'comment',
  leaves: 'leave',
  leave_replies: 'leaveReply',
  albums: 'album',
  album_photos: 'photo',
};

export interface HereRow {
  id: number;
  uid: number;
  parent: number;
  /** This site's own row, found by its id (else a row an import created, found by origin). */
  native: boolean;
}

/**
 * The rows of `table` that the given keys may name: rows imported with that origin key (by any
 * author: the caller matches the author) and, for keys of this very site, its own rows by id.
 */
export async function rowsHere(db: Queryable, here: string, table: Table, keys: string[]): Promise<Map<string, HereRow[]>> {
  const found = new Map<string, HereRow[]>();
  const add = (k: string, row: HereRow) => found.set(k, [...(found.get(k) ?? []), row]);
  const unique = [...new Set(keys)];
  if (unique.length === 0) return found;
  const id = ID_COLUMN[table];
  const parent = PARENT_COLUMN[table];
  const imported = await db.query<{ origin: string; id: number; uid: number; parent: number }>(
    `SELECT origin, ${id} AS id, uid, ${parent} AS parent FROM ${table} WHERE origin = ANY($1::text[])`,
    [unique],
  );
  for (const r of imported.rows) add(r.origin, { id: r.id, uid: r.uid, parent: r.parent, native: false });
  const natives = unique
    .filter((k) => k.slice(0, k.lastIndexOf(':')) === here)
    .map((k) => Number(k.slice(k.lastIndexOf(':') + 1)))
    .filter((n) => Number.isSafeInteger(n) && n > 0);
  if (natives.length > 0) {
    const own = await db.query<{ id: number; uid: number; parent: number }>(
      `SELECT ${id} AS id, uid, ${parent} AS parent FROM ${table} WHERE ${id} = ANY($1::bigint[])`,
      [natives],
    );
    for (const r of own.rows) add(`${here}:${r.id}`, { ...r, native: true });
  }
  return found;
}

/** Which of the keys (with their authors) name rows that were deleted here since they were imported. */
export async function deletedHere(db: Queryable, table: Table, rows: Array<{ key: string; uid: number }>): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const { rows: found } = await db.query<{ origin: string; uid: number }>(
    `SELECT d.origin, d.uid FROM deleted_origins d JOIN unnest($2::text[], $3::bigint[]) AS t(origin, uid) ON d.origin = t.origin AND d.uid = t.uid
     WHERE d.kind = $1`,
    [TOMBSTONE_KIND[table], rows.map((r) => r.key), rows.map((r) => r.uid)],
  );
  return new Set(found.map((r) => `${r.origin}|${r.uid}`));
}
