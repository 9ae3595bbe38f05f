/**
 * What deciding an import works with: the plan it builds, and the state its steps share (what is
 * here already, the users it names, the quota and the storage room left).
 */
import type { Visibility } from '@xiaoba/shared/core';
import type { Queryable } from '../../../data/pool';
import { DUPLICATE_WINDOW_SECONDS } from '../../../data/post-limit';
import { storageUsed } from '../../../uploads/quota';
import { deletedHere, rowsHere, type HereRow, type Table } from './here';
import type { ImportCounts, ImportReport, Unrestorable } from './messages';
import type { CheckedPicture } from './pictures';
import { IMPORT_RECENT_HOURS, QUOTA_KINDS, quotaUsed, type QuotaKind } from './quota';
import type { ImportData } from './schema';
import { turnTaker } from './turns';

export interface ImportTarget {
  uid: number;
  email: string;
  qm: string;
  qianming: string;
  avatar: string;
}

const zero = (): ImportCounts => ({ yy: 0, comments: 0, leaves: 0, leaveReplies: 0, images: 0, signatures: 0, avatar: 0, diaries: 0, albums: 0, photos: 0 });

/** A row this import creates, named by its origin key and author, or a row already here. */
export type RowRef = { created: string } | { id: number };
export const createdRef = (key: string, author: number): RowRef => ({ created: `${key}|${author}` });

export interface PlannedYy {
  key: string;
  content: string;
  ctime: string;
  transpond: RowRef | null;
  /** ZIP names of its pictures, in order. */
  pictures: string[];
}
export interface PlannedComment {
  key: string;
  author: number;
  content: string;
  ctime: string;
  yy: RowRef;
  replyTo: RowRef | null;
  replyUid: number | null;
}
/** A 日志 entry of the importer's. */
export interface PlannedDiary {
  key: string;
  title: string;
  content: string;
  visibility: Visibility;
  ctime: string;
  /** '' for never edited. */
  mtime: string;
  /** ZIP names of its pictures, in order. */
  pictures: string[];
}
export interface PlannedLeave {
  key: string;
  author: number;
  board: number;
  content: string;
  ctime: string;
}
export interface PlannedReply {
  key: string;
  author: number;
  leave: RowRef;
  content: string;
  ctime: string;
}

/** An album this import creates; its cover is named by the photo's origin key (null: the newest). */
export interface PlannedAlbum {
  key: string;
  name: string;
  visibility: string;
  ctime: string;
  mtime: string;
  coverKey: string | null;
}
/** A photo this import creates in an album (created by it, or here already). */
export interface PlannedPhoto {
  key: string;
  album: RowRef;
  ctime: string;
  /** Its ZIP name. */
  picture: string;
}

export interface ImportPlan {
  report: ImportReport;
  yy: PlannedYy[];
  comments: PlannedComment[];
  leaves: PlannedLeave[];
  replies: PlannedReply[];
  diaries: PlannedDiary[];
  albums: PlannedAlbum[];
  photos: PlannedPhoto[];
  signatures: Partial<Record<'qm' | 'qianming', string>>;
  /** The avatar's ZIP name, when it is restored. */
  avatar: string | null;
  /** Bytes of the distinct pictures the plan stores (the storage quota's share). */
  pictureBytes: number;
  /** What counts against the import quota. */
  usage: Record<QuotaKind, number>;
  /** The export is this site's, signed: its yy keep their genuine times (a verified import, migration 027). */
  verified: boolean;
}

export interface PlanInput {
  data: ImportData;
  signed: boolean;
  here: string;
  uid: number;
  target: ImportTarget;
  nowMs: number;
  quota: Record<QuotaKind, number>;
  storageQuotaBytes: number;
  pictures: Map<string, CheckedPicture>;
  avatar: CheckedPicture | null;
}

export type ExportYyRow = ImportData['yy'][number];
export type ExportCommentRow = ExportYyRow['comments'][number];
export type ExportLeaveRow = ImportData['board'][number];
export type ExportReplyRow = ExportLeaveRow['replies'][number];
export type ExportDiaryRow = ImportData['diaries'][number];
export type Ref = { id: number; origin?: string | null };

/** A refusal by the import quota: summed up in one report line per kind, not one per row. */
export const QUOTA = Symbol('quota');

export const byTime = <T extends { ctime: string; id: number }>(a: T, b: T) => a.ctime.localeCompare(b.ctime) || a.id - b.id;

/** Why a row was not restored, as the report says it: another user's row gone from here since. */
export const DELETED = '这条内容在本站已被删除';

/**
 * The state the plan's steps share. Built by `start` (the bulk reads of what is here); every
 * other read (a user named in the export) is one query, cached.
 */
export class PlanState {
  readonly data: ImportData;
  readonly signed: boolean;
  readonly here: string;
  /** The importer. */
  readonly uid: number;
  readonly sameSite: boolean;
  /** The importer's uid on the site that exported. */
  readonly exportedBy: number;
  readonly report: ImportReport = { created: zero(), skipped: zero(), unrestorable: [] };
  readonly plan: ImportPlan;
  /** Lets the event loop serve others every ITEMS_PER_TURN calls. */
  readonly step = turnTaker();
  /** The export's yy by id: created by this import, or here already. */
  readonly yyRef = new Map<number, RowRef>();
  /** Refusals by the quota, by kind: one report line each at the end. */
  readonly overQuota: Record<QuotaKind, number> = { yy: 0, comments: 0, leaves: 0, leaveReplies: 0, images: 0, diaries: 0 };

  private readonly userCache = new Map<string, number | null>();
  private readonly recentSince: number;
  private readonly lastText = new Map<string, number>();
  private readonly storedHashes = new Set<string>();

  private constructor(
    private readonly db: Queryable,
    readonly input: PlanInput,
    /** What is here already, looked up in bulk (not one query per row). */
    readonly existingRows: Record<Table, Map<string, HereRow[]>>,
    private readonly tombstones: Record<'yy_comments' | 'leaves' | 'leave_replies', Set<string>>,
    /** What the import quota still allows, by kind. */
    readonly quotaLeft: Record<QuotaKind, number>,
    private readonly storageRoom: { bytes: number },
  ) {
    this.data = input.data;
    this.signed = input.signed;
    this.here = input.here;
    this.uid = input.uid;
    this.sameSite = input.data.site.instance === input.here;
    this.exportedBy = input.data.user.uid;
    this.recentSince = input.nowMs - IMPORT_RECENT_HOURS * 3_600_000;
    this.plan = {
      report: this.report,
      yy: [],
      comments: [],
      leaves: [],
      replies: [],
      diaries: [],
      albums: [],
      photos: [],
      signatures: {},
      avatar: null,
      pictureBytes: 0,
      usage: { yy: 0, comments: 0, leaves: 0, leaveReplies: 0, images: 0, diaries: 0 },
      verified: input.signed,
    };
  }

  /** Reads what is here for the export: its rows, others' rows deleted since, the quota used, the storage used. */
  static async start(db: Queryable, input: PlanInput): Promise<PlanState> {
    const { data, here, uid } = input;
    const key = (row: Ref) => keyOf(data, row);
    const allComments = [...data.yy.flatMap((y) => y.comments), ...data.commentsElsewhere];
    const allLeaves = [...data.board, ...data.leavesElsewhere];
    const existingRows: Record<Table, Map<string, HereRow[]>> = {
      yy: await rowsHere(db, here, 'yy', [
        ...data.yy.map(key),
        ...data.yy.filter((y) => y.transpondId).map((y) => key({ id: y.transpondId })),
        ...data.commentsElsewhere.map((c) => key({ id: c.yyId })),
      ]),
      yy_comments: await rowsHere(db, here, 'yy_comments', [
        ...allComments.map(key),
        ...allComments.filter((c) => c.replyCommentId).map((c) => key({ id: c.replyCommentId })),
      ]),
      leaves: await rowsHere(db, here, 'leaves', allLeaves.map(key)),
      leave_replies: await rowsHere(
        db,
        here,
        'leave_replies',
        allLeaves.flatMap((l) => l.replies.map(key)),
      ),
      diaries: await rowsHere(db, here, 'diaries', data.diaries.map(key)),
      albums: await rowsHere(db, here, 'albums', data.albums.map(key)),
      album_photos: await rowsHere(
        db,
        here,
        'album_photos',
        data.albums.flatMap((a) => a.photos.map(key)),
      ),
    };
    // Rows of others that were deleted here since: this site's own (absent) or imported ones (tombstoned).
    const exportedBy = data.user.uid;
    const othersRows = {
      yy_comments: allComments.filter((c) => c.uid !== exportedBy).map((c) => ({ key: key(c), uid: c.uid })),
      leaves: allLeaves.filter((l) => l.uid !== exportedBy).map((l) => ({ key: key(l), uid: l.uid })),
      leave_replies: allLeaves
        .flatMap((l) => l.replies)
        .filter((r) => r.uid !== exportedBy)
        .map((r) => ({ key: key(r), uid: r.uid })),
    };
    const tombstones = {
      yy_comments: await deletedHere(db, 'yy_comments', othersRows.yy_comments),
      leaves: await deletedHere(db, 'leaves', othersRows.leaves),
      leave_replies: await deletedHere(db, 'leave_replies', othersRows.leave_replies),
    };
    // The rules for what this site cannot verify (the importer's own words in an unsigned export).
    const quotaLeft = await quotaUsed(db, uid).then(
      (used) => Object.fromEntries(QUOTA_KINDS.map((k) => [k, Math.max(0, input.quota[k] - used[k])])) as Record<QuotaKind, number>,
    );
    const storageRoom = { bytes: input.storageQuotaBytes > 0 ? input.storageQuotaBytes - (await storageUsed(db, uid)) : Number.POSITIVE_INFINITY };
    return new PlanState(db, input, existingRows, tombstones, quotaLeft, storageRoom);
  }

  /** A row's origin key: the one it was imported with, else '<instance>:<id>' of the site that exported it. */
  key(row: Ref): string {
    return keyOf(this.data, row);
  }

  /** The uid here of a user named in the export: the importer for their own rows; another only if that user exists here. */
  async resolveUser(u: number, n: string): Promise<number | null> {
    if (u === this.exportedBy) return this.uid;
    const cacheKey = `${u}:${n}`;
    if (!this.userCache.has(cacheKey)) {
      // On this site the 米米号 is the person; elsewhere it must also carry the same nickname.
      const found = await this.db.query('SELECT 1 FROM users WHERE uid = $1 AND ($2 OR name = $3)', [u, this.sameSite, n]);
      this.userCache.set(cacheKey, (found.rowCount ?? 0) > 0 ? u : null);
    }
    return this.userCache.get(cacheKey)!;
  }

  /** Who wrote a row: the importer, or (only from an export this site signed) another user who is here. */
  async resolveAuthor(u: number, n: string): Promise<number | null> {
    return u === this.exportedBy || this.signed ? this.resolveUser(u, n) : null;
  }

  /** Why another user's words are not restored: not signed by this site, or that user is not here. */
  missingUser(n: string, u: number): string {
    return this.signed ? `「${n}」（${u}）在本站不存在` : `「${n}」（${u}）写的内容只能从本站签名的导出文件恢复`;
  }

  /**
   * The row here that `k` names for this author under this parent: its id; 'other' when the key
   * names this site's own row of someone else or elsewhere (a forged or stale key: never matched,
   * never created again under that key); null when there is none.
   */
  find(table: Table, k: string, author: number, parent: number | null): number | 'other' | null {
    const rows = this.existingRows[table].get(k) ?? [];
    const same = rows.find((r) => r.uid === author && (parent === null || r.parent === parent));
    if (same) return same.id;
    return rows.some((r) => r.native) ? 'other' : null;
  }

  /** Another user's row that is gone from here: deleted since the export, never to come back through it. */
  deletedSince(table: 'yy_comments' | 'leaves' | 'leave_replies', k: string, author: number): boolean {
    return (
      author !== this.uid &&
      ((this.sameSite && k.startsWith(`${this.here}:`) && (this.existingRows[table].get(k) ?? []).every((r) => !r.native)) ||
        this.tombstones[table].has(`${k}|${author}`))
    );
  }

  /**
   * Whether an unverified row of the importer may be created, else why not: not within the last
   * IMPORT_RECENT_HOURS, no repeat of the same text within DUPLICATE_WINDOW_SECONDS, within the
   * quota. Verified rows (signed by this site) are restored as they were.
   */
  unverifiedRefusal(kind: QuotaKind, content: string, ctime: string): string | typeof QUOTA | null {
    if (this.signed) return null;
    const at = Date.parse(ctime);
    if (at > this.recentSince) return `${IMPORT_RECENT_HOURS}小时内写的内容只能从本站签名的导出文件恢复，请直接重新发布`;
    if (content !== '') {
      const seen = this.lastText.get(`${kind}\u0000${content}`);
      if (seen !== undefined && Math.abs(at - seen) < DUPLICATE_WINDOW_SECONDS * 1000) return '与60秒内的另一条内容重复';
      this.lastText.set(`${kind}\u0000${content}`, at);
    }
    if (this.quotaLeft[kind] <= 0) {
      this.overQuota[kind]++;
      return QUOTA;
    }
    this.quotaLeft[kind]--;
    this.plan.usage[kind]++;
    return null;
  }

  /** Reports a row the rules refuse (the quota's are summed up once at the end). */
  refuse(kind: Unrestorable['kind'], id: number | string, reason: string | typeof QUOTA): void {
    if (reason !== QUOTA) this.report.unrestorable.push({ kind, id, reason });
  }

  /** Whether a picture fits the user's storage room: each distinct one (by hash) counts once. */
  storable(picture: CheckedPicture): boolean {
    if (this.storedHashes.has(picture.hash)) return true;
    if (picture.size > this.storageRoom.bytes) return false;
    this.storageRoom.bytes -= picture.size;
    this.storedHashes.add(picture.hash);
    this.plan.pictureBytes += picture.size;
    return true;
  }

  /**
   * The pictures of a yy or an entry that will be restored, in order: each present in the ZIP,
   * within the image quota (an unverified import) and the storage room; the others reported.
   */
  plannedPictures(images: ReadonlyArray<{ file: string }>): string[] {
    const pictures: string[] = [];
    for (const image of images) {
      const picture = this.input.pictures.get(image.file);
      if (!picture) this.report.unrestorable.push({ kind: 'image', id: image.file, reason: '图片缺失或已损坏' });
      else if (!this.signed && this.quotaLeft.images <= 0) this.overQuota.images++;
      else if (!this.storable(picture)) this.report.unrestorable.push({ kind: 'image', id: image.file, reason: '你的图片空间已满' });
      else {
        if (!this.signed) {
          this.quotaLeft.images--;
          this.plan.usage.images++;
        }
        pictures.push(image.file);
      }
    }
    return pictures;
  }
}

const keyOf = (data: ImportData, row: Ref): string => row.origin ?? `${data.site.instance}:${row.id}`;
