/**
 * The report queue (GET /api/mod/reports) reads a page in one statement: every kind of target in
 * context, a removed one and one its author deleted, with their open reports; the number of
 * queries does not grow with the page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportGroup } from '@xiaoba/shared/core';
import type { Queryable } from '../../data/pool';
import { startTestApp, type TestApp } from '../../test/helpers';
import { json, member, NO_POST_LIMITS, type Member } from '../../test/yy';
import { reportQueuePage } from './queries/pages';

let t: TestApp;
let mod: Member;
let owner: Member;
let writer: Member;
let reporters: Member[];
const ids = { yy: 0, comment: 0, leave: 0, leaveReply: 0, removed: 0, deleted: 0 };

const report = (m: Member, kind: string, id: number, note = '') => m.call('POST', '/api/report/add', { kind, id, reason: 'spam', note });
const queue = async (query = 'pageNum=1'): Promise<{ records: ReportGroup[]; total: number; pages: number; current: number; size: number }> =>
  json(await mod.call('GET', `/api/mod/reports?${query}`)).data;

/** A Queryable over the test pool that counts the statements sent through it. */
function counting(db: Queryable): Queryable & { count: number } {
  const counter = {
    count: 0,
    query: ((...args: Parameters<Queryable['query']>) => {
      counter.count += 1;
      return (db.query as (...a: unknown[]) => unknown)(...args);
    }) as Queryable['query'],
  };
  return counter;
}

beforeAll(async () => {
  t = await startTestApp({ ...NO_POST_LIMITS, reportsPerHour: 1000 });
  mod = await member(t, '管理员');
  await t.pool.query(`UPDATE users SET role = 'moderator' WHERE uid = $1`, [mod.uid]);
  owner = await member(t, '主人');
  writer = await member(t, '写的人');
  reporters = [await member(t, '举报一'), await member(t, '举报二')];

  ids.yy = json(await owner.call('POST', '/api/yy/createyy', { content: '主人的yy' })).data.weiboId;
  ids.comment = json(await writer.call('POST', '/api/comment/add', { weiboId: ids.yy, content: '一条评论' })).data.commentId;
  ids.leave = json(await writer.call('POST', '/api/leave/add', { fuid: owner.uid, content: '一条留言' })).data.id;
  ids.leaveReply = json(await owner.call('POST', '/api/leaveReply/add', { leaveId: ids.leave, content: '一条回复' })).data.id;
  ids.removed = json(await writer.call('POST', '/api/yy/createyy', { content: '要被删除的yy' })).data.weiboId;
  ids.deleted = json(await writer.call('POST', '/api/yy/createyy', { content: '自己删掉的yy' })).data.weiboId;

  // Oldest first: the queue lists the newest report first.
  await report(reporters[0]!, 'yy', ids.yy, '第一');
  await report(reporters[1]!, 'yy', ids.yy, '第二');
  await report(reporters[0]!, 'comment', ids.comment);
  await report(reporters[0]!, 'leave', ids.leave);
  await report(reporters[0]!, 'leaveReply', ids.leaveReply);
  await report(reporters[0]!, 'user', writer.uid);
  await report(reporters[0]!, 'yy', ids.removed);
  await report(reporters[0]!, 'yy', ids.deleted);
  await t.pool.query('UPDATE yy SET removed_at = now() WHERE weibo_id = $1', [ids.removed]);
  expect(json(await writer.call('DELETE', `/api/yy/deleteyy?weiboId=${ids.deleted}`)).code).toBe(200);
});
afterAll(() => t?.close());

describe('GET /api/mod/reports', () => {
  it('lists every kind of target in context with its open reports, the newest report first', async () => {
    const page = await queue();
    expect(page).toMatchObject({ total: 7, pages: 1, current: 1, size: 20 });
    const targets = page.records.map((g) => g.target);
    const base = { removed: false, gone: false };
    expect(targets).toEqual([
      { kind: 'yy', id: ids.deleted, uid: writer.uid, username: '写的人', content: '', context: '', href: `/${writer.uid}`, removed: false, gone: true },
      {
        kind: 'yy',
        id: ids.removed,
        uid: writer.uid,
        username: '写的人',
        content: '要被删除的yy',
        context: '',
        href: `/${writer.uid}`,
        removed: true,
        gone: false,
      },
      { kind: 'user', id: writer.uid, uid: writer.uid, username: '写的人', content: '写的人\n\n', context: '写的人的空间', href: `/${writer.uid}`, ...base },
      {
        kind: 'leaveReply',
        id: ids.leaveReply,
        uid: owner.uid,
        username: '主人',
        content: '一条回复',
        context: '主人的留言板，回复留言：一条留言',
        href: `/${owner.uid}/board`,
        ...base,
      },
      { kind: 'leave', id: ids.leave, uid: writer.uid, username: '写的人', content: '一条留言', context: '主人的留言板', href: `/${owner.uid}/board`, ...base },
      {
        kind: 'comment',
        id: ids.comment,
        uid: writer.uid,
        username: '写的人',
        content: '一条评论',
        context: '主人的yy：主人的yy',
        href: `/${owner.uid}`,
        ...base,
      },
      { kind: 'yy', id: ids.yy, uid: owner.uid, username: '主人', content: '主人的yy', context: '', href: `/${owner.uid}`, ...base },
    ]);
    const yy = page.records.at(-1)!;
    expect(yy.reports).toEqual([
      { id: expect.any(Number), reporterUid: reporters[1]!.uid, reporterName: '举报二', reason: 'spam', note: '第二', ctime: expect.any(Number) },
      { id: expect.any(Number), reporterUid: reporters[0]!.uid, reporterName: '举报一', reason: 'spam', note: '第一', ctime: expect.any(Number) },
    ]);
    expect(yy.newest).toBe(yy.reports[0]!.ctime);
    expect(Object.keys(page.records[0]!)).toEqual(['target', 'reports', 'newest']);
  });

  it('pages: the page size, the total on every page, an empty page past the end', async () => {
    const first = await queue('pageNum=1&pageSize=3');
    const third = await queue('pageNum=3&pageSize=3');
    expect(first).toMatchObject({ total: 7, pages: 3, current: 1, size: 3 });
    expect(first.records.map((g) => g.target.id)).toEqual([ids.deleted, ids.removed, writer.uid]);
    expect(third.records.map((g) => g.target.id)).toEqual([ids.yy]);
    expect(await queue('pageNum=9&pageSize=3')).toEqual({ records: [], total: 7, pages: 3, current: 9, size: 3 });
  });

  it('reads a page in one statement, whatever its length', async () => {
    for (const [limit, offset, groups] of [
      [20, 0, 7],
      [3, 3, 3],
      [20, 40, 0],
    ] as const) {
      const db = counting(t.pool);
      const page = await reportQueuePage(db, limit, offset);
      expect(page).toMatchObject({ total: 7 });
      expect(page.groups).toHaveLength(groups);
      expect(db.count).toBe(1);
    }
  });

  it('costs the request the same queries for a full page as for an empty one', async () => {
    const pool = t.pool as unknown as { query: (...args: unknown[]) => unknown };
    const query = pool.query;
    let count = 0;
    pool.query = function (this: unknown, ...args: unknown[]) {
      count += 1;
      return query.apply(this, args);
    };
    const countOf = async (q: string) => {
      count = 0;
      expect((await queue(q)).total).toBe(7);
      return count;
    };
    try {
      const full = await countOf('pageNum=1');
      const empty = await countOf('pageNum=9');
      // The moderator's standing (the route's own check, read at each call) and the page.
      expect(full).toBe(empty);
      expect(full).toBeLessThanOrEqual(2);
    } finally {
      pool.query = query;
    }
  });
});
