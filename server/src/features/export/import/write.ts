/** Writing the plan: its rows in the import's transaction, the counters other writers share last. */
import type { Queryable } from '../../../data/pool';
import type { CheckedPicture } from './pictures';
import type { ImportPlan, PlannedYy, RowRef } from './plan-state';
import { QUOTA_KINDS } from './quota';
import { writeAlbums } from './write-albums';

export async function writePlan(
  db: Queryable,
  uid: number,
  plan: ImportPlan,
  pictures: Map<string, CheckedPicture>,
  files: Map<string, string>,
  avatar: CheckedPicture | null,
  /** The stored files of the albums' photos, by picture hash (a folder of their own). */
  photoFiles: Map<string, string> = new Map(),
): Promise<void> {
  const ids = new Map<string, number>();
  const idOf = (ref: RowRef): number => ('id' in ref ? ref.id : ids.get(ref.created)!);

  // yy: those not reposting another yy of this import first, then those that do.
  const insertYy = async (rows: PlannedYy[]) => {
    if (rows.length === 0) return;
    const inserted = await db.query<{ id: number; origin: string }>(
      `INSERT INTO yy (uid, content, transpond_id, ctime, origin)
       SELECT $1::bigint, t.content, t.transpond, t.ctime::timestamp, t.origin
       FROM unnest($2::text[], $3::bigint[], $4::text[], $5::text[]) WITH ORDINALITY AS t(content, transpond, ctime, origin, n)
       ORDER BY t.n
       RETURNING weibo_id AS id, origin`,
      [uid, rows.map((r) => r.content), rows.map((r) => (r.transpond ? idOf(r.transpond) : null)), rows.map((r) => r.ctime), rows.map((r) => r.key)],
    );
    for (const row of inserted.rows) ids.set(`${row.origin}|${uid}`, row.id);
  };
  const later = (y: PlannedYy) => y.transpond !== null && 'created' in y.transpond;
  await insertYy(plan.yy.filter((y) => !later(y)));
  await insertYy(plan.yy.filter(later));

  // Their pictures, in order: several rows may name one stored file.
  const uploads = plan.yy.flatMap((y) =>
    y.pictures.map((name, position) => {
      const picture = pictures.get(name)!;
      return { file: files.get(picture.hash)!, picture, weiboId: ids.get(`${y.key}|${uid}`)!, position, ctime: y.ctime };
    }),
  );
  if (uploads.length > 0) {
    await db.query(
      `INSERT INTO uploads (uid, file, size, width, height, weibo_id, position, ctime)
       SELECT $1::bigint, * FROM unnest($2::text[], $3::int[], $4::int[], $5::int[], $6::bigint[], $7::smallint[], $8::timestamp[])`,
      [
        uid,
        uploads.map((u) => u.file),
        uploads.map((u) => u.picture.size),
        uploads.map((u) => u.picture.width),
        uploads.map((u) => u.picture.height),
        uploads.map((u) => u.weiboId),
        uploads.map((u) => u.position),
        uploads.map((u) => u.ctime),
      ],
    );
  }

  // Comments in one INSERT, then the replies linked (a reply may answer a comment of this import).
  if (plan.comments.length > 0) {
    const inserted = await db.query<{ id: number; origin: string; uid: number }>(
      `INSERT INTO yy_comments (weibo_id, uid, content, ctime, origin)
       SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::text[], $4::timestamp[], $5::text[])
       RETURNING comment_id AS id, origin, uid`,
      [
        plan.comments.map((c) => idOf(c.yy)),
        plan.comments.map((c) => c.author),
        plan.comments.map((c) => c.content),
        plan.comments.map((c) => c.ctime),
        plan.comments.map((c) => c.key),
      ],
    );
    for (const row of inserted.rows) ids.set(`${row.origin}|${row.uid}`, row.id);
    const replies = plan.comments.filter((c) => c.replyTo !== null);
    if (replies.length > 0) {
      await db.query(
        `UPDATE yy_comments c SET reply_comment_id = t.reply, reply_uid = t.reply_uid
         FROM unnest($1::bigint[], $2::bigint[], $3::bigint[]) AS t(id, reply, reply_uid) WHERE c.comment_id = t.id`,
        [replies.map((c) => ids.get(`${c.key}|${c.author}`)!), replies.map((c) => idOf(c.replyTo!)), replies.map((c) => c.replyUid)],
      );
    }
  }

  // Board messages, then their replies.
  if (plan.leaves.length > 0) {
    const inserted = await db.query<{ id: number; origin: string; uid: number }>(
      `INSERT INTO leaves (fuid, uid, content, ctime, origin)
       SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::text[], $4::timestamp[], $5::text[])
       RETURNING leave_id AS id, origin, uid`,
      [
        plan.leaves.map((l) => l.board),
        plan.leaves.map((l) => l.author),
        plan.leaves.map((l) => l.content),
        plan.leaves.map((l) => l.ctime),
        plan.leaves.map((l) => l.key),
      ],
    );
    for (const row of inserted.rows) ids.set(`${row.origin}|${row.uid}`, row.id);
  }
  if (plan.replies.length > 0) {
    await db.query(
      `INSERT INTO leave_replies (leave_id, uid, content, ctime, origin)
       SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::text[], $4::timestamp[], $5::text[])`,
      [
        plan.replies.map((r) => idOf(r.leave)),
        plan.replies.map((r) => r.author),
        plan.replies.map((r) => r.content),
        plan.replies.map((r) => r.ctime),
        plan.replies.map((r) => r.key),
      ],
    );
  }

  await writeAlbums(db, uid, plan, pictures, photoFiles);

  // The importer's own row: signatures and avatar.
  for (const [column, value] of Object.entries(plan.signatures))
    await db.query(`UPDATE users SET ${column === 'qm' ? 'qm' : 'qianming'} = $2 WHERE uid = $1`, [uid, value]);
  if (plan.avatar && avatar) {
    await db.query(`UPDATE users SET avatar = $2, avatar_size = $3 WHERE uid = $1`, [uid, `/uploads/${files.get(avatar.hash)!}`, avatar.size]);
  }

  // The quota's record, then the counters other writers also update, each in one statement at
  // the very end: their row locks are held for the commit's few milliseconds, not the import's.
  if (QUOTA_KINDS.some((k) => plan.usage[k] > 0)) {
    const u = plan.usage;
    await db.query('INSERT INTO import_usage (uid, yy, comments, leaves, leave_replies, images) VALUES ($1, $2, $3, $4, $5, $6)', [
      uid,
      u.yy,
      u.comments,
      u.leaves,
      u.leaveReplies,
      u.images,
    ]);
  }
  if (plan.comments.length > 0) {
    await db.query(
      `UPDATE yy SET comment_count = comment_count + t.n FROM (SELECT w, count(*)::int AS n FROM unnest($1::bigint[]) AS w GROUP BY w) t WHERE yy.weibo_id = t.w`,
      [plan.comments.map((c) => idOf(c.yy))],
    );
  }
  if (plan.leaves.length > 0 || plan.yy.length > 0) {
    await db.query(
      `UPDATE users SET leave_count = leave_count + t.leaves, yy_count = yy_count + t.yy
       FROM (SELECT b, sum(l)::int AS leaves, sum(y)::int AS yy FROM unnest($1::bigint[], $2::int[], $3::int[]) AS x(b, l, y) GROUP BY b) t
       WHERE users.uid = t.b`,
      [
        [...plan.leaves.map((l) => l.board), uid],
        [...plan.leaves.map(() => 1), 0],
        [...plan.leaves.map(() => 0), plan.yy.length],
      ],
    );
  }
  if (plan.yy.length > 0) await db.query(`UPDATE site_counters SET value = value + $1 WHERE name = 'yy'`, [plan.yy.length]);
}
