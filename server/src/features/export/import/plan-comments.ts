/**
 * The plan's comments: under the importer's yy (anyone's, others' only signed), and the
 * importer's under other users' yy when that yy is here. In time order, so a reply finds what it
 * answers.
 */
import { cleanText } from '@xiaoba/shared/core';
import { byTime, createdRef, DELETED, type ExportCommentRow, type PlanState, type RowRef } from './plan-state';

const sameRef = (a: RowRef, b: RowRef) => ('id' in a && 'id' in b ? a.id === b.id : 'created' in a && 'created' in b && a.created === b.created);

export async function planComments(s: PlanState): Promise<void> {
  const commentRef = new Map<number, { ref: RowRef; author: number; yy: RowRef }>();
  const plannedComments = new Set<string>();
  const planComment = async (c: ExportCommentRow, yy: RowRef) => {
    await s.step();
    // A row already here by the person the export names, in the same place, is skipped (signed or not).
    const claimed = await s.resolveUser(c.uid, c.name);
    const found = claimed !== null && 'id' in yy ? s.find('yy_comments', s.key(c), claimed, yy.id) : null;
    if (typeof found === 'number') {
      commentRef.set(c.id, { ref: { id: found }, author: claimed!, yy });
      s.report.skipped.comments++;
      return;
    }
    if (found === 'other') {
      s.report.unrestorable.push({ kind: 'comment', id: c.id, reason: '与本站现有的内容不符' });
      return;
    }
    const author = await s.resolveAuthor(c.uid, c.name);
    if (author === null) {
      s.report.unrestorable.push({ kind: 'comment', id: c.id, reason: `评论者${s.missingUser(c.name, c.uid)}` });
      return;
    }
    if (plannedComments.has(`${s.key(c)}|${author}`)) {
      s.report.skipped.comments++;
      return;
    }
    if (s.deletedSince('yy_comments', s.key(c), author)) {
      s.report.unrestorable.push({ kind: 'comment', id: c.id, reason: DELETED });
      return;
    }
    const content = cleanText(c.content);
    const refusal = content === '' ? '内容为空' : author === s.uid ? s.unverifiedRefusal('comments', content, c.ctime) : null;
    if (refusal !== null) {
      s.refuse('comment', c.id, refusal);
      return;
    }
    // A reply only to a comment under the same yy, naming that comment's author (as comment/add
    // requires); otherwise it becomes a plain comment, never pointing at a stranger's.
    let replyTo: RowRef | null = null;
    let replyUid: number | null = null;
    if (c.replyCommentId) {
      const answered = commentRef.get(c.replyCommentId);
      const named = await s.resolveUser(c.replyUid, c.replyName);
      if (answered && sameRef(answered.yy, yy) && named === answered.author) {
        replyTo = answered.ref;
        replyUid = named;
      } else if (!answered && 'id' in yy && named !== null) {
        // Answering a comment of this site that the export does not hold: it must be under this yy, by that person.
        const existing = s.find('yy_comments', s.key({ id: c.replyCommentId }), named, yy.id);
        if (typeof existing === 'number') {
          replyTo = { id: existing };
          replyUid = named;
        }
      }
    }
    const ref = createdRef(s.key(c), author);
    plannedComments.add(`${s.key(c)}|${author}`);
    commentRef.set(c.id, { ref, author, yy });
    s.plan.comments.push({ key: s.key(c), author, content, ctime: c.ctime, yy, replyTo, replyUid });
    s.report.created.comments++;
  };
  for (const yy of s.data.yy) {
    const ref = s.yyRef.get(yy.id);
    if (!ref) {
      for (const c of yy.comments) s.report.unrestorable.push({ kind: 'comment', id: c.id, reason: '所属的yy没有恢复' });
      continue;
    }
    for (const c of [...yy.comments].sort(byTime)) await planComment(c, ref);
  }
  for (const c of [...s.data.commentsElsewhere].sort(byTime)) {
    // The yy must be here, still its author's: this site's own, or one its author imported.
    const owner = await s.resolveUser(c.yyUid, c.yyName);
    const weiboId = owner === null ? null : s.find('yy', s.key({ id: c.yyId }), owner, owner);
    if (typeof weiboId !== 'number') {
      s.report.unrestorable.push({ kind: 'comment', id: c.id, reason: `评论的yy（${c.yyName}的）不在本站` });
      continue;
    }
    await planComment(c, { id: weiboId });
  }
}
