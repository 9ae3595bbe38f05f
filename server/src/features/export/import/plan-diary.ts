/**
 * The plan's 日志 entries: the importer's own, with their visibility and pictures. An entry here
 * already (the same key, the importer's) is skipped; unverified ones are held to the rules of the
 * yy (not within the last hours, no repeat within a minute, the import quota, newest first so a
 * partial restore keeps the latest); each picture within the storage room. Comments on entries
 * are not restored.
 */
import { cleanText, diaryEntryError, DIARY_TEXT_MAX } from '@xiaoba/shared/core';
import { byTime, type ExportDiaryRow, type PlanState } from './plan-state';

export async function planDiaries(s: PlanState): Promise<void> {
  const toCreate: ExportDiaryRow[] = [];
  for (const entry of [...s.data.diaries].sort(byTime).reverse()) {
    await s.step();
    const found = s.find('diaries', s.key(entry), s.uid, s.uid);
    if (typeof found === 'number') {
      s.report.skipped.diaries++;
      continue;
    }
    if (found === 'other') {
      s.report.unrestorable.push({ kind: 'diary', id: entry.id, reason: '与本站现有的内容不符' });
      continue;
    }
    const title = cleanText(entry.title).replace(/\s+/g, ' ');
    const content = cleanText(entry.content);
    const broken = diaryEntryError({ title, content, images: entry.images.map((i) => i.file), visibility: entry.visibility });
    const refusal = broken ?? s.unverifiedRefusal('diaries', `${title}\n${content}`, entry.ctime);
    if (refusal !== null) {
      s.refuse('diary', entry.id, refusal);
      continue;
    }
    toCreate.push(entry);
  }
  for (const entry of toCreate.reverse()) {
    await s.step();
    const pictures = s.plannedPictures(entry.images);
    s.plan.diaries.push({
      key: s.key(entry),
      title: cleanText(entry.title).replace(/\s+/g, ' '),
      content: cleanText(entry.content).slice(0, DIARY_TEXT_MAX * 4),
      visibility: entry.visibility,
      ctime: entry.ctime,
      mtime: entry.mtime,
      pictures,
    });
    s.report.created.diaries++;
    s.report.created.images += pictures.length;
  }
}
