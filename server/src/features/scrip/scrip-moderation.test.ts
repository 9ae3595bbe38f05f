/**
 * A reported 小纸条 (docs/api.md "小纸条" and "Moderation"): only its reader reports it; a moderator
 * sees it with the notes around it in its conversation and nothing else of anyone's notes; the
 * audit log records each reading; removal and restore work as for other content, for both users.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOD_MSG, REPORT_MSG, SCRIP_AROUND, type ModLogEntry, type ModScripView, type ReportGroup } from '@xiaoba/shared/core';
import { MSG } from '../../api/http/errors';
import { startTestApp, type TestApp } from '../../test/helpers';
import { json, member, type Member } from '../../test/yy';

let t: TestApp;
let mod: Member;
let kid: Member;
let rude: Member;
let bystander: Member;
/** Notes of kid and rude, oldest first; `reported` is one of rude's in the middle. */
const notes: number[] = [];
let reported: number;

const follow = (who: Member, whom: Member) =>
  t.pool.query('INSERT INTO follows (uid, followed_uid) VALUES ($1, $2) ON CONFLICT DO NOTHING', [who.uid, whom.uid]);
const sentId = async (from: Member, to: Member, content: string): Promise<number> => {
  const res = await from.call('POST', '/api/scrip/send', { toUid: to.uid, content });
  expect(res.statusCode, res.body).toBe(200);
  return json(res).data.scripId as number;
};
const view = (m: Member, id: number) => m.call('GET', `/api/mod/scrip/${id}`);
const contents = async (m: Member, other: Member): Promise<string[]> =>
  json(await m.call('GET', `/api/scrip/thread/${other.uid}?pageNum=1&pageSize=50`)).data.records.map((n: { content: string }) => n.content);
const log = async (): Promise<ModLogEntry[]> => json(await mod.call('GET', '/api/mod/log?pageNum=1')).data.records;

beforeAll(async () => {
  t = await startTestApp({ scripsPerWindow: 0 });
  mod = await member(t, '管理员');
  await t.pool.query(`UPDATE users SET role = 'moderator' WHERE uid = $1`, [mod.uid]);
  kid = await member(t, '小孩');
  rude = await member(t, '捣蛋鬼');
  bystander = await member(t, '旁人');
  for (const [a, b] of [
    [kid, rude],
    [rude, kid],
    [kid, bystander],
    [bystander, kid],
  ] as const)
    await follow(a, b);
  for (let i = 1; i <= 8; i++) notes.push(await sentId(i % 2 ? rude : kid, i % 2 ? kid : rude, `前${i}`));
  reported = await sentId(rude, kid, '你真笨');
  notes.push(reported);
  // Another conversation of the kid's, in between: never shown with this one.
  await sentId(bystander, kid, '别的对话');
  for (let i = 1; i <= 8; i++) notes.push(await sentId(i % 2 ? kid : rude, i % 2 ? rude : kid, `后${i}`));
});
afterAll(() => t?.close());

describe('reporting a note', () => {
  it('only its reader reports it: its writer cannot, nor anyone else (not found to them)', async () => {
    expect(json(await rude.call('POST', '/api/report/add', { kind: 'scrip', id: reported, reason: 'bullying' }))).toEqual({
      code: 404,
      msg: REPORT_MSG.notFound,
    });
    expect(json(await bystander.call('POST', '/api/report/add', { kind: 'scrip', id: reported, reason: 'bullying' }))).toEqual({
      code: 404,
      msg: REPORT_MSG.notFound,
    });
    expect(json(await kid.call('POST', '/api/report/add', { kind: 'scrip', id: reported, reason: 'bullying', note: '他骂我' }))).toEqual({
      code: 200,
      msg: REPORT_MSG.reported,
    });
  });

  it('reaches the queue with the note and whom it was written to', async () => {
    const queue = json(await mod.call('GET', '/api/mod/reports?pageNum=1')).data.records as ReportGroup[];
    const group = queue.find((g) => g.target.kind === 'scrip' && g.target.id === reported)!;
    expect(group.target).toMatchObject({ uid: rude.uid, username: '捣蛋鬼', content: '你真笨', context: '写给小孩的小纸条', removed: false, gone: false });
    expect(group.reports[0]).toMatchObject({ reporterUid: kid.uid, reason: 'bullying', note: '他骂我' });
  });
});

describe("a moderator's view of a reported note", () => {
  it(`shows the note with ${SCRIP_AROUND} notes before and after it in that conversation, oldest first, and its two users`, async () => {
    const res = json(await view(mod, reported));
    expect(res.code).toBe(200);
    const seen = res.data as ModScripView;
    const at = notes.indexOf(reported);
    expect(seen.notes.map((n) => n.scripId)).toEqual(notes.slice(at - SCRIP_AROUND, at + SCRIP_AROUND + 1));
    expect(seen.notes.map((n) => n.content)).not.toContain('别的对话');
    expect(seen).toMatchObject({ scripId: reported, removed: false, from: { uid: rude.uid, name: '捣蛋鬼' }, to: { uid: kid.uid, name: '小孩' } });
  });

  it('records each reading in the audit log', async () => {
    const before = (await log()).filter((e) => e.action === 'view').length;
    expect(json(await view(mod, reported)).code).toBe(200);
    const entries = await log();
    expect(entries.filter((e) => e.action === 'view')).toHaveLength(before + 1);
    expect(entries[0]).toMatchObject({ moderatorUid: mod.uid, action: 'view', targetUid: rude.uid, kind: 'scrip', itemId: reported });
  });

  it('shows nothing of a note nobody reported, and nothing to a non-moderator', async () => {
    expect(json(await view(mod, notes[0]!))).toEqual({ code: 404, msg: MOD_MSG.notFound });
    expect(json(await view(kid, reported))).toEqual({ code: 404, msg: MSG.notFound });
    expect(json(await mod.call('POST', '/api/mod/action', { action: 'remove', target: { kind: 'scrip', id: notes[0] }, reason: '试试' }))).toEqual({
      code: 404,
      msg: MOD_MSG.notFound,
    });
  });
});

describe('removal and restore, as for other content', () => {
  it('removal hides the note from both users, takes it off the unread count and the list, tells the writer; restore undoes it', async () => {
    const fresh = await sentId(rude, kid, '又骂人');
    const unread = async () => json(await kid.call('GET', '/api/count/getscrip')).data.count as number;
    expect(await unread()).toBeGreaterThan(0);
    const before = await unread();
    expect(json(await kid.call('POST', '/api/report/add', { kind: 'scrip', id: fresh, reason: 'bullying' })).code).toBe(200);
    const act = (body: object) => mod.call('POST', '/api/mod/action', body);
    expect(json(await act({ action: 'remove', target: { kind: 'scrip', id: fresh }, rule: 'bullying', reason: '骂人' }))).toEqual({
      code: 200,
      msg: MOD_MSG.done,
    });
    expect(await unread()).toBe(before - 1);
    expect(await contents(kid, rude)).not.toContain('又骂人');
    expect(await contents(rude, kid)).not.toContain('又骂人');
    const lastOf = async (m: Member, other: Member) =>
      (json(await m.call('GET', '/api/scrip/threads?pageNum=1')).data.records as { user: { uid: number }; last: { scripId: number } }[]).find(
        (r) => r.user.uid === other.uid,
      )!.last.scripId;
    expect(await lastOf(rude, kid)).toBe(notes.at(-1));
    const writerNotice = json(await rude.call('GET', '/api/notice/system?pageNum=1')).data.records[0];
    expect(writerNotice).toMatchObject({ kind: 'removed' });
    expect(writerNotice.text).toContain('小纸条');
    expect((json(await mod.call('GET', `/api/mod/user/${rude.uid}`)).data.removed as { kind: string; id: number }[]).map((r) => [r.kind, r.id])).toContainEqual(
      ['scrip', fresh],
    );
    // The moderator still sees it in its conversation, marked removed.
    expect(json(await view(mod, fresh)).data).toMatchObject({ scripId: fresh, removed: true });

    expect(json(await act({ action: 'restore', target: { kind: 'scrip', id: fresh }, reason: '误删' })).code).toBe(200);
    expect(await contents(kid, rude)).toContain('又骂人');
    expect(await lastOf(rude, kid)).toBe(fresh);
    // The kid opened the conversation meanwhile: read, like the rest of it.
    expect(await unread()).toBe(1);
  });
});
