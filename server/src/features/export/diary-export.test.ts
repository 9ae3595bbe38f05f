/**
 * 日志 in a user's export (docs/export-format.md "diaries"): their entries with pictures and
 * comments in data.json, the pictures in the ZIP, and the entries in the offline index.html; what a
 * moderator removed is left out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/helpers';
import { json, jpegWithGps, member, NO_POST_LIMITS, type Member } from '../../test/yy';
import { emojiSite, exportOf, unzip } from './fixtures';

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
  entries = await unzip((await exportOf(t, alice)).zip);
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
