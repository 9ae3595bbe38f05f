/**
 * The plan's board messages: on the importer's board (anyone's, others' only signed), and the
 * importer's on other boards whose owner is here; replies only by the board's owner or the
 * message's author (as leaveReply/add allows).
 */
import { cleanText } from '@xiaoba/shared/core';
import { byTime, createdRef, DELETED, QUOTA, type ExportLeaveRow, type ExportReplyRow, type PlanState, type RowRef } from './plan-state';

export async function planBoard(s: PlanState): Promise<void> {
  const plannedReplies = new Set<string>();
  const planLeave = async (l: ExportLeaveRow, board: number) => {
    await s.step();
    const lost = (reason: string) => {
      s.report.unrestorable.push({ kind: 'leave', id: l.id, reason });
      for (const r of l.replies) s.report.unrestorable.push({ kind: 'leaveReply', id: r.id, reason: '所属的留言无法恢复' });
    };
    const claimed = await s.resolveUser(l.uid, l.name);
    const found = claimed === null ? null : s.find('leaves', s.key(l), claimed, board);
    if (found === 'other') return lost('与本站现有的内容不符');
    let leave: RowRef;
    let author: number;
    if (typeof found === 'number') {
      leave = { id: found };
      author = claimed!;
      s.report.skipped.leaves++;
    } else {
      const writer = await s.resolveAuthor(l.uid, l.name);
      if (writer === null) return lost(`留言者${s.missingUser(l.name, l.uid)}`);
      if (s.deletedSince('leaves', s.key(l), writer)) return lost(DELETED);
      const content = cleanText(l.content);
      const refusal = content === '' ? '内容为空' : writer === s.uid ? s.unverifiedRefusal('leaves', content, l.ctime) : null;
      if (refusal === QUOTA) {
        for (const r of l.replies) s.report.unrestorable.push({ kind: 'leaveReply', id: r.id, reason: '所属的留言无法恢复' });
        return;
      }
      if (refusal !== null) return lost(refusal);
      author = writer;
      s.plan.leaves.push({ key: s.key(l), author, board, content, ctime: l.ctime });
      leave = createdRef(s.key(l), author);
      s.report.created.leaves++;
    }
    for (const r of [...l.replies].sort(byTime)) await planReply(r, leave, board, author);
  };
  const planReply = async (r: ExportReplyRow, leave: RowRef, board: number, leaveAuthor: number) => {
    await s.step();
    const claimed = await s.resolveUser(r.uid, r.name);
    const found = claimed !== null && 'id' in leave ? s.find('leave_replies', s.key(r), claimed, leave.id) : null;
    if (typeof found === 'number' || plannedReplies.has(`${s.key(r)}|${claimed}`)) {
      s.report.skipped.leaveReplies++;
      return;
    }
    if (found === 'other') {
      s.report.unrestorable.push({ kind: 'leaveReply', id: r.id, reason: '与本站现有的内容不符' });
      return;
    }
    const author = await s.resolveAuthor(r.uid, r.name);
    if (author === null) {
      s.report.unrestorable.push({ kind: 'leaveReply', id: r.id, reason: `回复者${s.missingUser(r.name, r.uid)}` });
      return;
    }
    if (author !== board && author !== leaveAuthor) {
      s.report.unrestorable.push({ kind: 'leaveReply', id: r.id, reason: '只有留言板的主人和留言者可以回复' });
      return;
    }
    if (s.deletedSince('leave_replies', s.key(r), author)) {
      s.report.unrestorable.push({ kind: 'leaveReply', id: r.id, reason: DELETED });
      return;
    }
    const content = cleanText(r.content);
    const refusal = content === '' ? '内容为空' : author === s.uid ? s.unverifiedRefusal('leaveReplies', content, r.ctime) : null;
    if (refusal !== null) return s.refuse('leaveReply', r.id, refusal);
    s.plan.replies.push({ key: s.key(r), author, leave, content, ctime: r.ctime });
    plannedReplies.add(`${s.key(r)}|${author}`);
    s.report.created.leaveReplies++;
  };
  for (const l of [...s.data.board].sort(byTime)) await planLeave(l, s.uid);
  for (const l of [...s.data.leavesElsewhere].sort(byTime)) {
    const board = await s.resolveUser(l.boardUid, l.boardName);
    if (board === null) {
      const author = l.uid === s.exportedBy ? s.uid : null;
      if (author !== null && s.existingRows.leaves.get(s.key(l))?.some((r) => r.uid === author)) s.report.skipped.leaves++;
      else {
        s.report.unrestorable.push({ kind: 'leave', id: l.id, reason: `留言板的主人${s.missingUser(l.boardName, l.boardUid)}` });
        for (const r of l.replies) s.report.unrestorable.push({ kind: 'leaveReply', id: r.id, reason: '所属的留言无法恢复' });
      }
      continue;
    }
    await planLeave(l, board);
  }
}
