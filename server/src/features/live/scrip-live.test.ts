/**
 * A new 小纸条 over the live stream (docs/api.md "Live updates"): the reader's open tabs get it
 * within the commit with their unread count, the writer's other tabs with theirs, nobody else.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '@xiaoba/shared/core';
import { startTestApp, type TestApp } from '../../test/helpers';
import { json, member, type Member } from '../../test/yy';
import { openStream, type OpenedStream } from './test-stream';

let t: TestApp;
let base: string;
const opened: OpenedStream[] = [];

beforeAll(async () => {
  t = await startTestApp({ scripsPerWindow: 0, rateLimits: { user: 0, anon: 0, register: 0 } });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 30_000);
afterAll(async () => {
  for (const s of opened) s.close();
  await t?.close();
});

async function listening(m: Member): Promise<OpenedStream> {
  const s = await openStream(base, m.token);
  opened.push(s);
  expect(s.status).toBe(200);
  await s.next((e) => e.type === 'hello');
  return s;
}
const follow = (who: Member, whom: Member) => t.pool.query('INSERT INTO follows (uid, followed_uid) VALUES ($1, $2)', [who.uid, whom.uid]);
const scrips = (s: OpenedStream) => s.events.filter((e) => e.type === 'scrip');

describe('a new note, live', () => {
  it("reaches the reader's tabs with their unread count and the writer's other tabs; nobody else", async () => {
    const alice = await member(t, '小爱');
    const bob = await member(t, '小波');
    const carol = await member(t, '小卡');
    await follow(alice, bob);
    await follow(bob, alice);
    const [bobTab1, bobTab2, aliceTab, carolTab] = [await listening(bob), await listening(bob), await listening(alice), await listening(carol)];

    const res = json(await alice.call('POST', '/api/scrip/send', { toUid: bob.uid, content: '在吗？' }));
    expect(res.code).toBe(200);
    const scripId = res.data.scripId as number;
    const forBob: LiveEvent = { type: 'scrip', scripId, withUid: alice.uid, unread: 1 };
    expect(await bobTab1.next((e) => e.type === 'scrip')).toEqual(forBob);
    expect(await bobTab2.next((e) => e.type === 'scrip')).toEqual(forBob);
    expect(await aliceTab.next((e) => e.type === 'scrip')).toEqual({ type: 'scrip', scripId, withUid: bob.uid, unread: 0 });

    // A second note: the count grows; what the event names is enough for an open conversation to re-read its page 1.
    const second = json(await alice.call('POST', '/api/scrip/send', { toUid: bob.uid, content: '回我一下' })).data.scripId as number;
    await bobTab1.next((e) => e.type === 'scrip' && e.scripId === second);
    expect(scrips(bobTab1).at(-1)).toEqual({ type: 'scrip', scripId: second, withUid: alice.uid, unread: 2 });
    const page = json(await bob.call('GET', `/api/scrip/thread/${alice.uid}?pageNum=1`)).data;
    expect(page.records[0]).toMatchObject({ scripId: second, content: '回我一下' });

    // A refused note (Bob blocks Alice) signals nothing; a marker after it shows the order.
    expect((await bob.call('POST', '/api/block/add', { uid: alice.uid })).statusCode).toBe(200);
    expect((await alice.call('POST', '/api/scrip/send', { toUid: bob.uid, content: '还在吗' })).statusCode).toBe(403);
    const dave = await member(t, '小戴');
    await follow(bob, dave);
    const marker = json(await dave.call('POST', '/api/scrip/send', { toUid: bob.uid, content: '标记' })).data.scripId as number;
    await bobTab1.next((e) => e.type === 'scrip' && e.scripId === marker);
    expect(scrips(bobTab1).map((e) => e.type === 'scrip' && e.withUid)).toEqual([alice.uid, alice.uid, dave.uid]);
    expect(scrips(carolTab)).toEqual([]);
  });
});
