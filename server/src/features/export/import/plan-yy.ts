/**
 * The plan's yy: the importer's own. Unverified ones newest first against the quota (a partial
 * restore shows the latest page), created oldest first; a repost of a yy that is not here keeps
 * the words and quotes what was reposted; each picture within the storage room.
 */
import { cleanText, YY_TEXT_MAX } from '@xiaoba/shared/core';
import { byTime, createdRef, type ExportYyRow, type PlanState, type RowRef } from './plan-state';

export async function planYy(s: PlanState): Promise<void> {
  const toCreate: ExportYyRow[] = [];
  for (const yy of [...s.data.yy].sort(byTime).reverse()) {
    await s.step();
    const found = s.find('yy', s.key(yy), s.uid, s.uid);
    if (typeof found === 'number') {
      s.yyRef.set(yy.id, { id: found });
      s.report.skipped.yy++;
      continue;
    }
    if (found === 'other') {
      s.report.unrestorable.push({ kind: 'yy', id: yy.id, reason: '与本站现有的内容不符' });
      continue;
    }
    const content = cleanText(yy.content);
    const refusal = content === '' && yy.images.length === 0 && !yy.transpondId ? '内容为空' : s.unverifiedRefusal('yy', content, yy.ctime);
    if (refusal !== null) {
      s.refuse('yy', yy.id, refusal);
      continue;
    }
    s.yyRef.set(yy.id, createdRef(s.key(yy), s.uid));
    toCreate.push(yy);
  }
  for (const yy of toCreate.reverse()) {
    await s.step();
    let transpond: RowRef | null = null;
    let content = cleanText(yy.content);
    if (yy.transpondId) {
      const source = yy.source;
      const sourceAuthor = source ? await s.resolveUser(source.uid, source.name) : null;
      const found = sourceAuthor === null ? null : s.find('yy', s.key({ id: yy.transpondId }), sourceAuthor, sourceAuthor);
      transpond = s.yyRef.get(yy.transpondId) ?? (typeof found === 'number' ? { id: found } : null);
      // The original is not on this site: keep the words and quote what was reposted.
      if (transpond === null) content = (source ? `${content} //转发 @${source.name}：${cleanText(source.content)}` : `${content} //原yy已被删除`).trim();
    }
    const pictures = s.plannedPictures(yy.images);
    s.plan.yy.push({ key: s.key(yy), content: content.slice(0, YY_TEXT_MAX * 4), ctime: yy.ctime, transpond, pictures });
    s.report.created.yy++;
    s.report.created.images += pictures.length;
  }
}
