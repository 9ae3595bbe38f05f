/**
 * The plan: what an import creates, decided from the export and what is here, in steps: the yy,
 * the comments, the board, the albums, the user's own row (signatures, avatar), then the quota's summary.
 */
import { cleanText } from '@xiaoba/shared/core';
import type { Queryable } from '../../../data/pool';
import { planAlbums } from './plan-albums';
import { planBoard } from './plan-board';
import { planComments } from './plan-comments';
import { PlanState, type ImportPlan, type PlanInput } from './plan-state';
import { planYy } from './plan-yy';
import { IMPORT_QUOTA_HOURS, QUOTA_KINDS, QUOTA_NAMES } from './quota';

/**
 * Decides what the import creates. Reads only: it runs once before the picture files are written
 * (to know which) and again inside the transaction (to write what is true then).
 */
export async function planImport(db: Queryable, input: PlanInput): Promise<ImportPlan> {
  const s = await PlanState.start(db, input);
  await planYy(s);
  await planComments(s);
  await planBoard(s);
  await planAlbums(s, db);
  planOwnRow(s);
  summarizeQuota(s);
  return s.plan;
}

/** Signatures and avatar: restored where the user has none now; one already set is kept. */
function planOwnRow(s: PlanState): void {
  // Signatures: restored where the user still has the default (''); one already set is kept
  for (const column of ['qm', 'qianming'] as const) {
    const value = cleanText(s.data.signatures[column]);
    if (!value) continue;
    if (s.input.target[column] === '') {
      s.plan.signatures[column] = value;
      s.report.created.signatures++;
    } else s.report.skipped.signatures++;
  }

  // Avatar: restored when the user has no uploaded picture now
  if (s.data.user.avatar) {
    if (s.input.target.avatar) s.report.skipped.avatar++;
    else if (!s.input.avatar) s.report.unrestorable.push({ kind: 'avatar', id: s.data.user.avatar, reason: '头像图片缺失或已损坏' });
    else if (!s.storable(s.input.avatar)) s.report.unrestorable.push({ kind: 'avatar', id: s.data.user.avatar, reason: '你的图片空间已满' });
    else {
      s.plan.avatar = s.data.user.avatar;
      s.report.created.avatar++;
    }
  }
}

/** The quota's refusals, one line per kind: importing again after the window restores the rest. */
function summarizeQuota(s: PlanState): void {
  for (const kind of QUOTA_KINDS) {
    if (s.overQuota[kind] === 0) continue;
    const reportKind = ({ yy: 'yy', comments: 'comment', leaves: 'leave', leaveReplies: 'leaveReply', images: 'image' } as const)[kind];
    // First in the list: the one line that says most of what is missing, and what to do about it.
    s.report.unrestorable.unshift({
      kind: reportKind,
      id: 'quota',
      reason: `还有${s.overQuota[kind]}${QUOTA_NAMES[kind]}超过了导入额度（${IMPORT_QUOTA_HOURS}小时内最多${s.input.quota[kind]}${QUOTA_NAMES[kind]}），${IMPORT_QUOTA_HOURS}小时后再导入一次会接着恢复`,
    });
  }
}
