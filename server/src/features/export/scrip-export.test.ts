/**
 * 小纸条 in a user's export (docs/export-format.md): the notes they sent and received, as they still
 * see them, in data.json and in the offline index.html; an import brings none back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/helpers';
import { json, member, NO_POST_LIMITS, type Member } from '../../test/yy';
import { emojiSite, exportOf, importZip, unzip } from './fixtures';

let t: TestApp;
let alice: Member;
let bob: Member;
let carol: Member;
let mod: Member;
let data: { scrips: Array<{ uid: number; name: string; notes: Array<{ id: number; fromUid: number; toUid: number; content: string; ctime: string }> }> };
let html: string;
let zip: Buffer;

const follow = (who: Member, whom: Member) => t.pool.query('INSERT INTO follows (uid, followed_uid) VALUES ($1, $2)', [who.uid, whom.uid]);
const sentId = async (from: Member, to: Member, content: string): Promise<number> => {
  const res = await from.call('POST', '/api/scrip/send', { toUid: to.uid, content });
  expect(res.statusCode, res.body).toBe(200);
  return json(res).data.scripId as number;
};

beforeAll(async () => {
  t = await startTestApp({ ...NO_POST_LIMITS, siteDir: await emojiSite(), exportPerHour: 0, scripsPerWindow: 0 });
  alice = await member(t, '小爱');
  bob = await member(t, '小波');
  carol = await member(t, '小凯');
  mod = await member(t, '管理员');
  await t.pool.query(`UPDATE users SET role = 'moderator' WHERE uid = $1`, [mod.uid]);
  for (const [a, b] of [
    [alice, bob],
    [bob, alice],
    [alice, carol],
    [carol, alice],
  ] as const)
    await follow(a, b);
  await sentId(bob, alice, '你好[b12]');
  await sentId(alice, bob, '<b>你好</b>呀');
  const deleted = await sentId(bob, alice, '删掉的');
  expect((await alice.call('DELETE', `/api/scrip/delete?scripId=${deleted}`)).statusCode).toBe(200);
  const removed = await sentId(bob, alice, '被管理员删的');
  await alice.call('POST', '/api/report/add', { kind: 'scrip', id: removed, reason: 'bullying' });
  expect(
    json(await mod.call('POST', '/api/mod/action', { action: 'remove', target: { kind: 'scrip', id: removed }, rule: 'bullying', reason: '骂人' })).code,
  ).toBe(200);
  await sentId(carol, alice, '卡的纸条 <3');
  const exported = await exportOf(t, alice);
  zip = exported.zip;
  const entries = await unzip(zip);
  const folder = [...entries.keys()][0]!.split('/')[0]!;
  data = JSON.parse(entries.get(`${folder}/data.json`)!.toString());
  html = entries.get(`${folder}/index.html`)!.toString();
  expect([...entries.keys()]).toContain(`${folder}/emoji/b12.svg`);
});
afterAll(() => t?.close());

describe('an export with 小纸条', () => {
  it('holds each conversation, the newest first, with the notes sent and received oldest first; not those deleted or removed', () => {
    expect(data.scrips.map((c) => [c.uid, c.name])).toEqual([
      [carol.uid, '小凯'],
      [bob.uid, '小波'],
    ]);
    expect(data.scrips[1]!.notes.map((n) => [n.fromUid, n.toUid, n.content])).toEqual([
      [bob.uid, alice.uid, '你好[b12]'],
      [alice.uid, bob.uid, '你好呀'],
    ]);
    expect(data.scrips[1]!.notes[0]!.ctime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('shows them in index.html, escaped, with the emoji pictures, readable offline', () => {
    expect(html).toContain('我的小纸条');
    expect(html).toContain('和 <b>小波</b>');
    expect(html).toContain('<img class="emoji" src="emoji/b12.svg"');
    expect(html).toContain('卡的纸条 &lt;3');
    expect(html).not.toContain('删掉的');
    expect(html).not.toContain('被管理员删的');
  });

  it("is not in Bob's view of Alice's export: his own export has his side, with the note Alice deleted", async () => {
    const entries = await unzip((await exportOf(t, bob)).zip);
    const folder = [...entries.keys()][0]!.split('/')[0]!;
    const his = JSON.parse(entries.get(`${folder}/data.json`)!.toString()) as typeof data;
    expect(his.scrips.map((c) => c.uid)).toEqual([alice.uid]);
    expect(his.scrips[0]!.notes.map((n) => n.content)).toEqual(['你好[b12]', '你好呀', '删掉的']);
  });

  it('an import restores none of them: the notes belong to two people', async () => {
    const count = async () => (await t.pool.query('SELECT count(*)::int AS n FROM scrips')).rows[0].n as number;
    const before = await count();
    await t.pool.query('DELETE FROM scrips WHERE from_uid = $1', [carol.uid]);
    const res = await importZip(t, alice, zip);
    expect(res.statusCode, res.body).toBe(200);
    expect(await count()).toBe(before - 1);
  });
});
