/**
 * 勋章 and own data: an export lists the medals earned; an import restores none of them but its
 * yy earn them again, and 元老勋章 only from a yy of before 2015-12-26 restored from an export this
 * site signed (verified), never from a hand-made one that chose its own date.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/helpers';
import { json, member, NO_POST_LIMITS, type Member } from '../../test/yy';
import { exportOf, importZip, unzip, zipOf } from './fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp(NO_POST_LIMITS);
});
afterAll(() => t?.close());

const medals = async (m: Member) =>
  json(await m.call('GET', `/api/medal/list/${m.uid}`))
    .data.filter((e: { earned: boolean }) => e.earned)
    .map((e: { id: string; earnedAt: number }) => [e.id, e.earnedAt]);
const OLD = '2014-06-01T08:00:00.000Z';

describe('medals in an export and an import', () => {
  it('a verified import of an old yy earns 元老勋章 at its time; the export lists the medals', async () => {
    const old = await member(t, '老校巴');
    const posted = json(await old.call('POST', '/api/yy/createyy', { content: '2014年写的' })).data.weiboId as number;
    await t.pool.query('UPDATE yy SET ctime = $2 WHERE weibo_id = $1', [posted, OLD.replace('Z', '')]);
    const { zip } = await exportOf(t, old);
    const entries = await unzip(zip);
    const data = JSON.parse(entries.get([...entries.keys()].find((k) => k.endsWith('data.json'))!)!.toString());
    // Earned when the yy was posted (its time moved back only afterwards).
    expect(data.medals).toEqual([{ id: 'newbie', name: '新手勋章', earnedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) }]);
    expect(entries.get([...entries.keys()].find((k) => k.endsWith('index.html'))!)!.toString()).toMatch(/我的勋章[\s\S]*新手勋章/);
    // The yy is lost, then restored from the signed export: the time is genuine.
    await t.pool.query('DELETE FROM yy WHERE weibo_id = $1', [posted]);
    await t.pool.query('DELETE FROM user_medals WHERE uid = $1', [old.uid]);
    expect(json(await importZip(t, old, zip)).code).toBe(200);
    expect(await medals(old)).toEqual([
      ['newbie', Date.parse(OLD) / 1000],
      ['veteran', Date.parse(OLD) / 1000],
    ]);
  });

  it('a hand-made export dated before then earns no 元老勋章 (its yy still earns 新手勋章)', async () => {
    const faker = await member(t, '造假的');
    const { zip } = await exportOf(t, faker);
    const entries = await unzip(zip);
    const name = [...entries.keys()].find((k) => k.endsWith('data.json'))!;
    const data = JSON.parse(entries.get(name)!.toString());
    data.yy = [{ id: 1, origin: 'oldsite:1', ctime: '2013-01-01T00:00:00.000Z', content: '我是元老', transpondId: 0, source: null, images: [], comments: [] }];
    // Changed, so the signature no longer matches: unverified.
    const forged = await zipOf([...[...entries].filter(([k]) => k !== name), [name, JSON.stringify(data)]]);
    const report = json(await importZip(t, faker, forged));
    expect(report.data.created.yy, JSON.stringify(report)).toBe(1);
    expect((await t.pool.query('SELECT verified_import FROM yy WHERE uid = $1', [faker.uid])).rows).toEqual([{ verified_import: false }]);
    expect((await medals(faker)).map(([id]: [string]) => id)).toEqual(['newbie']);
  });
});
