/** The import: the pictures checked, the plan decided, its files stored, then its rows in one transaction. */
import { IMAGE_MAX_BYTES } from '@xiaoba/shared/core';
import { lockPoster } from '../../../data/post-limit';
import { isUniqueViolation, transactionOn, type PoolClient } from '../../../data/pool';
import { ApiError } from '../../../api/http/errors';
import { assertDiskRoom } from '../../../uploads/disk-room';
import { assertStorageRoom } from '../../../uploads/quota';
import type { UploadStorage } from '../../../uploads/storage';
import { instanceId } from '../data';
import { IMPORT_MSG, type ImportReport } from './messages';
import { checkPicture, eachLimit, newKey, PARALLEL_PICTURES, type CheckedPicture } from './pictures';
import { planImport } from './plan';
import type { ImportPlan, ImportTarget, PlanInput } from './plan-state';
import { importQuota, type ImportRules } from './quota';
import { writePlan } from './write';
import { AVATAR_NAME, IMAGE_NAME, PHOTO_NAME, type OpenedExport } from './zip';

export async function importExport(
  db: PoolClient,
  storage: UploadStorage,
  uid: number,
  opened: OpenedExport,
  rules: ImportRules,
  nowMs = Date.now(),
): Promise<{ report: ImportReport; written: string[] }> {
  const { data } = opened;
  const here = await instanceId(db);
  const sameSite = data.site.instance === here;
  const me = await db.query<ImportTarget>('SELECT uid, email, qm, qianming, avatar FROM users WHERE uid = $1', [uid]);
  const target = me.rows[0];
  if (!target) throw new ApiError(401, '登录已过期，请重新登录', 'refresh');
  // The same account: the registration e-mail on any site, and on this very site the same 米米号 too.
  if (data.user.email.trim().toLowerCase() !== target.email || (sameSite && data.user.uid !== uid)) {
    throw new ApiError(400, IMPORT_MSG.otherAccount);
  }

  // Every picture the export names, read and checked now, before anything is written.
  const pictures = new Map<string, CheckedPicture>();
  const names = [...new Set([...data.yy.flatMap((y) => y.images.map((i) => i.file)), ...data.albums.flatMap((a) => a.photos.map((p) => p.file))])];
  await eachLimit(names, PARALLEL_PICTURES, async (name) => {
    const buffer = IMAGE_NAME.test(name) || PHOTO_NAME.test(name) ? await opened.read(name, IMAGE_MAX_BYTES) : null;
    const checked = buffer ? await checkPicture(buffer, false) : null;
    if (checked) pictures.set(name, checked);
  });
  let avatar: CheckedPicture | null = null;
  if (data.user.avatar && !target.avatar && AVATAR_NAME.test(data.user.avatar)) {
    const buffer = await opened.read(data.user.avatar, IMAGE_MAX_BYTES);
    avatar = buffer ? await checkPicture(buffer, true) : null;
  }
  const input: PlanInput = {
    data,
    signed: opened.signed,
    here,
    uid,
    target,
    nowMs,
    pictures,
    avatar,
    quota: importQuota(rules),
    storageQuotaBytes: rules.storage.quotaMb * 1024 * 1024,
  };

  // Files before rows: the plan says which distinct pictures are needed; they are stored first,
  // so a crash leaves at most unused files, never a row whose picture never arrives.
  const files = new Map<string, string>();
  // The albums' photos have a folder of their own (a yy cannot claim one), so files of their own.
  const photoFiles = new Map<string, string>();
  const written: string[] = [];
  const store = async (picture: CheckedPicture, name: string, folder: 'yy' | 'avatars' | 'album') => {
    const stored = folder === 'album' ? photoFiles : files;
    if (stored.has(picture.hash) && folder !== 'avatars') return;
    const bytes = picture.data ?? (await opened.read(name, IMAGE_MAX_BYTES));
    if (!bytes) throw new ApiError(400, IMPORT_MSG.damaged);
    const file = newKey(folder);
    try {
      await storage.put(file, bytes, 'image/webp');
    } catch {
      throw new ApiError(503, IMPORT_MSG.storageFailed);
    }
    written.push(file);
    stored.set(picture.hash, file);
  };
  const storePlan = async (plan: ImportPlan) => {
    const needed = new Map<string, string>();
    for (const y of plan.yy) for (const name of y.pictures) if (!files.has(pictures.get(name)!.hash)) needed.set(pictures.get(name)!.hash, name);
    const neededPhotos = new Map<string, string>();
    for (const p of plan.photos) if (!photoFiles.has(pictures.get(p.picture)!.hash)) neededPhotos.set(pictures.get(p.picture)!.hash, p.picture);
    const newBytes =
      [...needed.values(), ...neededPhotos.values()].reduce((n, name) => n + pictures.get(name)!.size, 0) +
      (plan.avatar && avatar && !written.some((f) => f.startsWith('avatars/')) ? avatar.size : 0);
    if (newBytes > 0) await assertDiskRoom(rules, newBytes);
    await eachLimit([...needed.values()], PARALLEL_PICTURES, (name) => store(pictures.get(name)!, name, 'yy'));
    await eachLimit([...neededPhotos.values()], PARALLEL_PICTURES, (name) => store(pictures.get(name)!, name, 'album'));
    if (plan.avatar && avatar && !written.some((f) => f.startsWith('avatars/'))) await store(avatar, plan.avatar, 'avatars');
  };

  let committed = false;
  try {
    // A large export's reads may take longer than a page's: the long statement bound (PG_LONG_STATEMENT_TIMEOUT_MS).
    // A large export's reads and checks may take longer than a page's: the long bound
    // (PG_LONG_STATEMENT_TIMEOUT_MS) for its statements and for the work between them.
    const long = { statementMs: rules.db.longStatementMs, idleInTransactionMs: rules.db.longStatementMs };
    await storePlan(await transactionOn(db, (tx) => planImport(tx, input), long));
    let report: ImportReport | null = null;
    // The transaction decides again from what is true then (a retry after a unique conflict with
    // another user's import of the same row sees that row and skips it).
    for (let attempt = 1; report === null; attempt++) {
      try {
        report = await transactionOn(
          db,
          async (tx) => {
            // The user's posting lock: the storage quota is checked against their parallel uploads.
            await lockPoster(tx, uid);
            const plan = await planImport(tx, input);
            await storePlan(plan); // nothing new unless the site changed since the first plan
            await assertStorageRoom(tx, rules.storage, uid, plan.pictureBytes);
            await writePlan(tx, uid, plan, pictures, files, avatar, photoFiles);
            return plan.report;
          },
          long,
        );
      } catch (error) {
        if (!isUniqueViolation(error) || attempt >= 3) throw error;
      }
    }
    committed = true;
    // Files the final plan did not use (the site changed between the plans) are removed.
    const used = await db.query<{ file: string }>(
      'SELECT file FROM uploads WHERE file = ANY($1::text[]) UNION SELECT substr(avatar, 10) FROM users WHERE uid = $2',
      [written, uid],
    );
    const keep = new Set(used.rows.map((r) => r.file));
    const unused = written.filter((f) => !keep.has(f));
    if (unused.length > 0) await storage.delete(unused).catch(() => {});
    return { report, written: written.filter((f) => keep.has(f)) };
  } catch (error) {
    // Nothing was committed: the files written for it go again.
    if (!committed && written.length > 0) await storage.delete(written).catch(() => {});
    throw error;
  }
}
