/**
 * 日志 in a user's export (docs/export-format.md "diaries"): their entries with pictures and
 * comments in data.json, the pictures in the ZIP, and the entries in the offline index.html; what a
 * moderator removed is left out; an import restores the entries (not their comments) once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/helpers';
import { json, jpegWithGps, member, NO_POST_LIMITS, type Member } from '../../test/yy';
import { emojiSite, exportOf, importZip, unzip } from './fixtures';

let t: TestApp;
let alice: Member;
let bob: Member;
let mod: Member;
let entries: Map<string, Buffer>;
let folder: string;
let data: {
  diaries: Array<{
    id: number;
    title: string;
    content: string;
    visibility: string;
    mtime: string;
    images: Array<{ file: string; width: number; height: number }>;
    comments: Array<{ uid: number; name: string; content: string; replyUid: number }>;
  }>;
};
let html: string;
let zip: Buffer;

beforeAll(async () => {
  t = await startTestApp({ ...NO_POST_LIMITS, siteDir: await emojiSite(), exportPerHour: 0, diariesPerWindow: 0 });
  alice = await member(t, '小爱');
  bob = await member(t, '小波');
  mod = await member(t, '管理员');
  await t.pool.query(`UPDATE users SET role = 'moderator' WHERE uid = $1`, [mod.uid]);
  const url = json(await alice.upload(await jpegWithGps(80, 60))).data.url as string;
  const add = async (body: object) => json(await alice.call('POST', '/api/diary/add', body)).data.diaryId as number;
  const kept = await add({ title: '春游', content: '第一段[b12]\n第二段', visibility: 'self', images: [url] });
  const c = json(
    await bob.call('POST', '/api/diary/comment/add', { diaryId: await add({ title: '公开', content: '大家好', visibility: 'public' }), content: '你好' }),
  );
  expect(c.code).toBe(200);
  const removed = await add({ title: '被删的', content: '不该导出', visibility: 'public' });
  await bob.call('POST', '/api/report/add', { kind: 'diary', id: removed, reason: 'bullying' });
  const act = { action: 'remove', target: { kind: 'diary', id: removed }, rule: 'bullying', reason: '骂人' };
  expect(json(await mod.call('POST', '/api/mod/action', act)).code).toBe(200);
  expect(kept).toBeGreaterThan(0);
  zip = (await exportOf(t, alice)).zip;
  entries = await unzip(zip);
  folder = [...entries.keys()][0]!.split('/')[0]!;
  data = JSON.parse(entries.get(`${folder}/data.json`)!.toString());
  html = entries.get(`${folder}/index.html`)!.toString();
});
afterAll(() => t?.close());

describe('an export with 日志', () => {
  it('holds the entries newest first, with visibility, pictures and comments, and not the removed one', () => {
    expect(data.diaries.map((d) => d.title)).toEqual(['公开', '春游']);
    const [open, trip] = data.diaries;
    expect(trip).toMatchObject({ content: '第一段[b12]\n第二段', visibility: 'self', mtime: '' });
    expect(trip!.images).toHaveLength(1);
    expect(trip!.images[0]!.file).toMatch(/^images\/[0-9a-f]{32}\.webp$/);
    expect(open!.comments).toEqual([expect.objectContaining({ uid: bob.uid, name: '小波', content: '你好', replyUid: 0 })]);
  });

  it('carries the pictures and the emoji in the ZIP, and shows the entries offline', () => {
    expect([...entries.keys()]).toContain(`${folder}/${data.diaries[1]!.images[0]!.file}`);
    expect([...entries.keys()]).toContain(`${folder}/emoji/b12.svg`);
    expect(html).toContain('我的日志');
    expect(html).toContain('<p>第二段</p>');
    expect(html).toContain('仅自己可见');
    expect(html).not.toContain('不该导出');
  });
});

type Summary = { diaryId: number; title: string; ctime: number; visibility: string; imageCount: number };

describe('an import of 日志', () => {
  it('restores deleted entries as they were, with their pictures, once', async () => {
    const before = json(await alice.call('GET', `/api/diary/list/${alice.uid}?pageNum=1`)).data.records as Summary[];
    for (const d of before) expect(json(await alice.call('DELETE', `/api/diary/delete?diaryId=${d.diaryId}`)).code).toBe(200);
    const imported = json(await importZip(t, alice, zip));
    expect(imported.code, imported.msg).toBe(200);
    expect(imported.data.created.diaries).toBe(2);
    const after = json(await alice.call('GET', `/api/diary/list/${alice.uid}?pageNum=1`)).data.records as Summary[];
    const shape = (list: Summary[]) => list.map((d) => [d.title, d.ctime, d.visibility, d.imageCount]);
    expect(shape(after)).toEqual(shape(before));
    // A picture that shows: the stored file is there.
    const trip = json(await alice.call('GET', `/api/diary/get/${after.find((d) => d.title === '春游')!.diaryId}`)).data;
    expect(trip.content).toBe('第一段[b12]\n第二段');
    expect((await t.app.inject({ method: 'GET', url: trip.images[0] })).statusCode).toBe(200);
    // Again: nothing new.
    const again = json(await importZip(t, alice, zip));
    expect(again.data.created.diaries).toBe(0);
    expect(again.data.skipped.diaries).toBe(2);
    expect(json(await alice.call('GET', `/api/diary/list/${alice.uid}?pageNum=1`)).data.total).toBe(2);
  });
});
