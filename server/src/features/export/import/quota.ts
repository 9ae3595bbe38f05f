/** The rules an import is held to: the import quota over what this site cannot verify. */
import type { Config } from '../../../config';
import type { Queryable } from '../../../data/pool';

/** Content this site cannot verify may not be dated within this many hours before the import. */
export const IMPORT_RECENT_HOURS = 24;
/** The import quota counts what imports created within this many hours: a day of posting. */
export const IMPORT_QUOTA_HOURS = 24;

export type ImportRules = Pick<Config, 'postLimits' | 'boardLimits' | 'diariesPerWindow' | 'storage' | 'dataDir' | 'uploadsDir' | 's3' | 'databaseUrl' | 'db'>;

/** What the quota counts: content the site could not verify, by kind. */
export type QuotaKind = 'yy' | 'comments' | 'leaves' | 'leaveReplies' | 'images' | 'diaries';
export const QUOTA_KINDS: readonly QuotaKind[] = ['yy', 'comments', 'leaves', 'leaveReplies', 'images', 'diaries'];
export const QUOTA_NAMES: Record<QuotaKind, string> = {
  yy: '条yy',
  comments: '条评论',
  leaves: '条留言',
  leaveReplies: '条留言回复',
  images: '张图片',
  diaries: '篇日志',
};

/**
 * The import quota: within any IMPORT_QUOTA_HOURS, imports may create from unverified content at
 * most what the posting limits let a user post by hand in that time (LIMIT_* per
 * LIMIT_WINDOW_MINUTES). A limit turned off (0) leaves its kind unbounded here too.
 */
export function importQuota(rules: Pick<ImportRules, 'postLimits' | 'boardLimits' | 'diariesPerWindow'>): Record<QuotaKind, number> {
  const windows = (IMPORT_QUOTA_HOURS * 60) / rules.postLimits.windowMinutes;
  const perQuota = (limit: number) => (limit > 0 ? Math.floor(limit * windows) : Number.POSITIVE_INFINITY);
  return {
    yy: perQuota(rules.postLimits.yy),
    comments: perQuota(rules.postLimits.comments),
    leaves: perQuota(rules.boardLimits.leaves),
    leaveReplies: perQuota(rules.boardLimits.replies),
    images: perQuota(rules.postLimits.uploads),
    diaries: perQuota(rules.diariesPerWindow),
  };
}

/** What `uid`'s imports created from unverified content within the quota's window. */
export async function quotaUsed(db: Queryable, uid: number): Promise<Record<QuotaKind, number>> {
  const { rows } = await db.query<Record<QuotaKind, number>>(
    `SELECT coalesce(sum(yy), 0)::int AS yy, coalesce(sum(comments), 0)::int AS comments, coalesce(sum(leaves), 0)::int AS leaves,
            coalesce(sum(leave_replies), 0)::int AS "leaveReplies", coalesce(sum(images), 0)::int AS images,
            coalesce(sum(diaries), 0)::int AS diaries
     FROM import_usage WHERE uid = $1 AND at > now() - make_interval(hours => $2)`,
    [uid, IMPORT_QUOTA_HOURS],
  );
  return rows[0]!;
}

export async function purgeOldImportUsage(db: Queryable): Promise<void> {
  await db.query('DELETE FROM import_usage WHERE at < now() - make_interval(hours => $1)', [IMPORT_QUOTA_HOURS]);
}
