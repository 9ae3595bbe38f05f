/**
 * An import is held to what posting is held to (docs/export-format.md, same heading): each way
 * around it as a test that failed on an import without that rule (quota, times, texts, ownership,
 * deleted words, pictures stored once and before their rows, no lock every writer needs held
 * through the import).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createPool } from '../../data/pool';
import { computeHotTopics } from '../spaces';
import { createTestDatabase, startTestApp, testConfig, type TestApp } from '../../test/helpers';
import { json, member, NO_POST_LIMITS, webpImage, type Member } from '../../test/yy';
import { storageUsed } from '../../uploads/quota';
import { createStorage, type UploadStorage } from '../../uploads/storage';
import { exportOf, importZip, ok, zipOf } from './fixtures';
import { IMPORTS_PER_PROCESS, withImportLock } from './import';

const DAY = 86_400_000;
/** An ISO time `days` days ago (whole seconds, as exports write them). */
const ago = (days: number, seconds = 0) => new Date(Math.floor((Date.now() - days * DAY) / 1000) * 1000 + seconds * 1000).toISOString();

interface Owner {
  uid: number;
  email: string;
  name: string;
}

/** A hand-made export (no signature): what a mischievous user can upload. */
function handMade(owner: Owner, instance: string, parts: Record<string, unknown> = {}) {
  return {
    format: 'xiaoba-export',
    version: 1,
    exportedAt: ago(0, -5),
    site: { name: '校巴', instance },
    user: { uid: owner.uid, email: owner.email, name: owner.name, sex: 0, birthday: '2000-01-02', ctime: ago(400), face: 0, avatar: '', skin: 'default' },
    signatures: { qm: '', qianming: '' },
    yy: [],
    commentsElsewhere: [],
    board: [],
    leavesElsewhere: [],
    ...parts,
  };
}

const yyRow = (id: number, content: string, ctime: string, extra: Record<string, unknown> = {}) => ({
  id,
  origin: null,
  ctime,
  content,
  transpondId: 0,
  source: null,
  images: [],
  comments: [],
  ...extra,
});

const zipData = (data: unknown, files: Array<[string, Buffer]> = []) =>
  zipOf([['x/data.json', JSON.stringify(data)], ...files.map(([n, b]): [string, Buffer] => [`x/${n}`, b])]);

async function ownerOf(t: TestApp, m: Member): Promise<Owner> {
  const { rows } = await t.pool.query<Owner>('SELECT uid, email, name FROM users WHERE uid = $1', [m.uid]);
  return rows[0]!;
}

const count = async (t: TestApp, sql: string, params: unknown[] = []) =>
  (await t.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${sql}) x`, params)).rows[0]!.n;

describe('an import is held to the posting limits: a quota of a day of posting for what the site cannot verify', () => {
  let t: TestApp;
  let alice: Member;
  let owner: Owner;
  // 1 yy, comment, upload, message and reply an hour: a quota of 24 of each a day.
  const limits = { postLimits: { yy: 1, comments: 1, uploads: 1, windowMinutes: 60 }, boardLimits: { leaves: 1, replies: 1 } };
  beforeAll(async () => {
    t = await startTestApp(limits);
    alice = await member(t, '小爱');
    owner = await ownerOf(t, alice);
  });
  afterAll(() => t.close());

  it('a made-up export of 60 yy creates 24 (the quota), says why, and a second import creates none', async () => {
    const yy = Array.from({ length: 60 }, (_, i) => yyRow(i + 1, `广告 ${i}`, ago(10, i * 120)));
    const res = await importZip(t, alice, await zipData(handMade(owner, 'made-up', { yy })));
    expect(res.statusCode, res.body).toBe(200);
    const report = json(res).data;
    expect(report.created.yy).toBe(24);
    expect(report.unrestorable).toContainEqual({ kind: 'yy', id: 'quota', reason: expect.stringContaining('还有36条yy超过了导入额度') });
    expect(await count(t, 'SELECT 1 FROM yy WHERE uid = $1', [alice.uid])).toBe(24);
    // The newest first: a partial restore shows the latest page.
    expect((await t.pool.query('SELECT min(content) AS c FROM yy WHERE uid = $1', [alice.uid])).rows[0].c).toBe('广告 36');

    const again = json(await importZip(t, alice, await zipData(handMade(owner, 'other-made-up', { yy })))).data;
    expect(again.created.yy).toBe(0);
    expect(await count(t, 'SELECT 1 FROM yy WHERE uid = $1', [alice.uid])).toBe(24);
  });

  it('texts are cleaned like a post, and the same text within 60 seconds counts once', async () => {
    const bob = await member(t, '小波');
    const yy = [yyRow(1, '<b>你好</b><script>x</script>', ago(3)), yyRow(2, '一样的话', ago(3, 100)), yyRow(3, '一样的话', ago(3, 130))];
    const report = json(await importZip(t, bob, await zipData(handMade(await ownerOf(t, bob), 'made-up', { yy })))).data;
    expect(report.created.yy).toBe(2);
    expect(report.unrestorable).toContainEqual({ kind: 'yy', id: 2, reason: '与60秒内的另一条内容重复' });
    const { rows } = await t.pool.query('SELECT content FROM yy WHERE uid = $1 ORDER BY ctime', [bob.uid]);
    expect(rows.map((r) => r.content)).toEqual(['你好x', '一样的话']);
  });
});

describe('times are real and never later than the upload; imported content never ranks above today', () => {
  let t: TestApp;
  let alice: Member;
  let owner: Owner;
  beforeAll(async () => {
    t = await startTestApp(NO_POST_LIMITS);
    alice = await member(t, '小爱');
    owner = await ownerOf(t, alice);
  });
  afterAll(() => t.close());

  it.each([
    ['a date in the future', '9999-12-31T00:00:00Z'],
    ['30 February', '2024-02-30T00:00:00Z'],
    ['year 0000', '0000-01-01T00:00:00Z'],
    ["25 o'clock", '2024-01-01T25:00:00Z'],
  ])('%s is a 400 with the message, never a 500, and nothing is written', async (_, ctime) => {
    const res = await importZip(t, alice, await zipData(handMade(owner, 'made-up', { yy: [yyRow(1, '置顶广告 #买买买#', ctime)] })));
    expect(res.statusCode, res.body).toBe(400);
    expect(json(res).msg).toBe('导出文件里有不可能的时间（不存在的日期，或晚于现在），无法导入');
    expect(await count(t, 'SELECT 1 FROM yy')).toBe(0);
  });

  it("unverified content of the last 24 hours is not created; older content stays below today's posts and out of hot topics", async () => {
    const bob = await member(t, '小波');
    await ok(bob.call('POST', '/api/yy/createyy', { content: '今天早上写的' }));
    const yy = [yyRow(1, '刚刚的 #插队#', ago(0, -3600)), yyRow(2, '前天的 #插队#', ago(2))];
    const report = json(await importZip(t, alice, await zipData(handMade(owner, 'made-up', { yy })))).data;
    expect(report.created.yy).toBe(1);
    expect(report.unrestorable).toContainEqual({ kind: 'yy', id: 1, reason: expect.stringContaining('24小时内写的内容') });
    const feed = json(await alice.call('GET', '/api/yy/getyy?pageNum=1')).data.records.map((r: any) => r.content);
    expect(feed.indexOf('今天早上写的')).toBeLessThan(feed.indexOf('前天的 #插队#'));
    expect((await computeHotTopics(t.pool)).map((x) => x.name)).not.toContain('插队');
  });
});

describe("an import can only touch what is the importer's", () => {
  let t: TestApp;
  let alice: Member;
  let bob: Member;
  let carol: Member;
  let here: string;
  beforeAll(async () => {
    t = await startTestApp(NO_POST_LIMITS);
    alice = await member(t, '小爱');
    bob = await member(t, '小波');
    carol = await member(t, '小凯');
    here = (await t.pool.query(`SELECT value FROM app_secrets WHERE name = 'instance_id'`)).rows[0].value;
  });
  afterAll(() => t.close());

  it("no reply is planted under a message on another user's board (leaveReply/add would answer 403)", async () => {
    const message = await ok(carol.call('POST', '/api/leave/add', { content: '小凯自己的留言', fuid: carol.uid }));
    const owner = await ownerOf(t, alice);
    const planted = {
      id: message.id,
      origin: null,
      boardUid: carol.uid,
      boardName: '小凯',
      uid: carol.uid,
      name: '小凯',
      content: '小凯自己的留言',
      ctime: ago(2),
      replies: [{ id: 1, origin: null, uid: alice.uid, name: '小爱', content: '我插进来了', ctime: ago(2) }],
    };
    const report = json(await importZip(t, alice, await zipData(handMade(owner, here, { leavesElsewhere: [planted] })))).data;
    expect(report.created.leaveReplies).toBe(0);
    expect(await count(t, 'SELECT 1 FROM leave_replies WHERE leave_id = $1', [message.id])).toBe(0);
    expect(report.unrestorable).toContainEqual({ kind: 'leaveReply', id: 1, reason: '只有留言板的主人和留言者可以回复' });
  });

  it("a comment reply names only a comment under the same yy and that comment's author", async () => {
    const elsewhere = await ok(bob.call('POST', '/api/yy/createyy', { content: '小波的yy' }));
    const bobsComment = await ok(bob.call('POST', '/api/comment/add', { content: '小波的评论', weiboId: elsewhere.weiboId }));
    const owner = await ownerOf(t, alice);
    const comment = {
      id: 7,
      origin: null,
      uid: alice.uid,
      name: '小爱',
      content: '回复错地方',
      ctime: ago(2, 10),
      replyCommentId: bobsComment.commentId,
      replyUid: carol.uid,
      replyName: '小凯',
    };
    const data = handMade(owner, here, { yy: [yyRow(900001, '小爱的yy', ago(2), { comments: [comment] })] });
    const report = json(await importZip(t, alice, await zipData(data))).data;
    expect(report.created.comments).toBe(1);
    const { rows } = await t.pool.query(`SELECT reply_comment_id, reply_uid FROM yy_comments WHERE content = '回复错地方'`);
    expect(rows).toEqual([{ reply_comment_id: null, reply_uid: null }]);
    // No notice for carol or bob either.
    expect(await count(t, 'SELECT 1 FROM comment_notices WHERE uid IN ($1, $2)', [bob.uid, carol.uid])).toBe(0);
  });

  it('an origin key one user chose does not hide or capture the row another user imports later', async () => {
    // alice squats the key that bob's yy from another site will carry.
    const squat = handMade(await ownerOf(t, alice), 'made-up', { yy: [yyRow(1, '占位', ago(5), { origin: 'old-site:55' })] });
    expect(json(await importZip(t, alice, await zipData(squat))).data.created.yy).toBe(1);
    const bobs = handMade(await ownerOf(t, bob), 'old-site', { yy: [yyRow(55, '小波在旧站的yy', ago(5))] });
    const report = json(await importZip(t, bob, await zipData(bobs))).data;
    expect(report.created.yy).toBe(1);
    expect((await t.pool.query(`SELECT uid, content FROM yy WHERE origin = 'old-site:55' ORDER BY uid`)).rows).toEqual([
      { uid: alice.uid, content: '占位' },
      { uid: bob.uid, content: '小波在旧站的yy' },
    ]);
  });
});

describe('a re-import never brings back words another user deleted since the export', () => {
  let t: TestApp;
  let alice: Member;
  let bob: Member;
  beforeAll(async () => {
    t = await startTestApp(NO_POST_LIMITS);
    alice = await member(t, '小爱');
    bob = await member(t, '小波');
  });
  afterAll(() => t.close());

  it("on the site it came from (the row was this site's own)", async () => {
    const message = await ok(bob.call('POST', '/api/leave/add', { content: '说错话了', fuid: alice.uid }));
    const { zip } = await exportOf(t, alice);
    await ok(bob.call('DELETE', `/api/leave/delete?leaveId=${message.id}`));
    expect(await count(t, `SELECT 1 FROM leaves WHERE content = '说错话了'`)).toBe(0);
    const report = json(await importZip(t, alice, zip)).data;
    expect(report.created.leaves).toBe(0);
    expect(report.unrestorable).toContainEqual({ kind: 'leave', id: message.id, reason: '这条内容在本站已被删除' });
    expect(await count(t, `SELECT 1 FROM leaves WHERE content = '说错话了'`)).toBe(0);
  });

  it('on another site (the row had been imported there, then deleted by its author)', async () => {
    const b = await startTestApp(NO_POST_LIMITS);
    try {
      await b.pool.query(`UPDATE app_secrets SET value = 'site-b' WHERE name = 'instance_id'`);
      await ok(bob.call('POST', '/api/leave/add', { content: '第二句话', fuid: alice.uid }));
      const { zip } = await exportOf(t, alice);
      // On B both exist with the same 米米号 and names; alice has the same e-mail.
      const a = await ownerOf(t, alice);
      await b.pool.query(`INSERT INTO users (uid, email, password_hash, name) VALUES ($1, $2, 'x', '小爱'), ($3, 'b@example.com', 'x', '小波')`, [
        alice.uid,
        a.email,
        bob.uid,
      ]);
      const aliceB = {
        ...alice,
        call: (method: any, url: string, payload?: any) => b.app.inject({ method, url, payload, headers: { authorization: `Bearer ${alice.token}` } }),
      } as Member;
      const bobB = {
        ...bob,
        call: (method: any, url: string, payload?: any) => b.app.inject({ method, url, payload, headers: { authorization: `Bearer ${bob.token}` } }),
      } as Member;
      expect(json(await importZip(b, aliceB, zip)).data.created.leaves).toBe(1);
      const { rows } = await b.pool.query<{ leave_id: number }>(`SELECT leave_id FROM leaves WHERE content = '第二句话'`);
      await ok(bobB.call('DELETE', `/api/leave/delete?leaveId=${rows[0]!.leave_id}`));
      const again = json(await importZip(b, aliceB, zip)).data;
      expect(again.created.leaves).toBe(0);
      expect(await count(b, `SELECT 1 FROM leaves WHERE content = '第二句话'`)).toBe(0);
    } finally {
      await b.close();
    }
  });
});

describe('pictures: stored once however often referenced, before the rows that name them', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let t: TestApp;
  let puts: Array<{ key: string; rowsThen: number }>;
  let failPuts = false;
  beforeAll(async () => {
    db = await createTestDatabase();
    const config = testConfig({ ...NO_POST_LIMITS, storage: { quotaMb: 1, diskFloorMb: 0 } });
    const pool = createPool(db.url, 10, config.db);
    const real = createStorage(config);
    // The storage as the import sees it: records how many yy were committed when each file was written.
    const storage = Object.create(real) as UploadStorage;
    storage.put = async (key, data, type) => {
      if (failPuts) throw new Error('disk went away');
      puts.push({ key, rowsThen: (await pool.query('SELECT count(*)::int AS n FROM yy')).rows[0].n });
      return real.put(key, data, type);
    };
    const app = await buildApp({ config, pool, storage });
    t = {
      app,
      pool,
      config,
      close: async () => {
        await app.close();
        await pool.end();
        await db.drop();
      },
    };
  });
  afterAll(() => t.close());

  it('100 yy x 9 references to one picture store one file; every file is written before any row', async () => {
    const alice = await member(t, '小爱');
    const owner = await ownerOf(t, alice);
    puts = [];
    const images = Array.from({ length: 9 }, () => ({ file: 'images/same.webp', width: 64, height: 48, size: 100 }));
    const yy = Array.from({ length: 100 }, (_, i) => yyRow(i + 1, `第${i}条`, ago(30, i * 120), { images }));
    const res = await importZip(t, alice, await zipData(handMade(owner, 'made-up', { yy }), [['images/same.webp', await webpImage()]]));
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).data.created).toMatchObject({ yy: 100, images: 900 });
    expect(puts).toHaveLength(1);
    expect(puts.every((p) => p.rowsThen === 0)).toBe(true);
    expect(await count(t, 'SELECT DISTINCT file FROM uploads')).toBe(1);
    // The storage quota counts the file once.
    const { rows: sizes } = await t.pool.query<{ size: number }>('SELECT DISTINCT size FROM uploads WHERE uid = $1', [alice.uid]);
    expect(await storageUsed(t.pool, alice.uid)).toBe(sizes[0]!.size);
    // Deleting one yy keeps the file the other 99 show.
    const page = json(await alice.call('GET', `/api/yy/getUseryy/${alice.uid}?pageNum=1`)).data.records;
    await ok(alice.call('DELETE', `/api/yy/deleteyy?weiboId=${page[0].weiboId}`));
    const url = page[1].typeData.data[0].url;
    expect((await t.app.inject({ url })).statusCode).toBe(200);
  });

  it('pictures past the storage quota are reported, not stored (STORAGE_QUOTA_MB covers imports)', async () => {
    const carol = await member(t, '小凯');
    // carol's uploads already fill all but 10 bytes of her 1 MB.
    await t.pool.query(`INSERT INTO uploads (uid, file, size, width, height) VALUES ($1, 'yy/${'0'.repeat(32)}.webp', $2, 1, 1)`, [
      carol.uid,
      1024 * 1024 - 10,
    ]);
    const yy = [yyRow(1, '有图', ago(30), { images: [{ file: 'images/p.webp', width: 64, height: 48, size: 100 }] })];
    puts = [];
    const report = json(
      await importZip(t, carol, await zipData(handMade(await ownerOf(t, carol), 'made-up', { yy }), [['images/p.webp', await webpImage()]])),
    ).data;
    expect(report.created).toMatchObject({ yy: 1, images: 0 });
    expect(report.unrestorable).toContainEqual({ kind: 'image', id: 'images/p.webp', reason: '你的图片空间已满' });
    expect(puts).toHaveLength(0);
  });

  it('a picture that cannot be written fails the import before any row: nothing is half restored', async () => {
    const bob = await member(t, '小波');
    const yy = [yyRow(1, '有图', ago(30), { images: [{ file: 'images/p.webp', width: 64, height: 48, size: 100 }] })];
    failPuts = true;
    try {
      const res = await importZip(t, bob, await zipData(handMade(await ownerOf(t, bob), 'made-up', { yy }), [['images/p.webp', await webpImage()]]));
      expect(res.statusCode).toBeGreaterThanOrEqual(500);
      expect(json(res).msg).toMatch(/[\u4e00-\u9fff]/);
    } finally {
      failPuts = false;
    }
    expect(await count(t, 'SELECT 1 FROM yy WHERE uid = $1', [bob.uid])).toBe(0);
  });
});

describe('an import holds no lock every writer needs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(NO_POST_LIMITS);
  });
  afterAll(() => t.close());

  it('while an import is writing its board messages, another user posts a yy at once', async () => {
    const alice = await member(t, '小爱');
    const bob = await member(t, '小波');
    const owner = await ownerOf(t, alice);
    // The import's board INSERT is made slow, so the test can act while the import is inside its transaction.
    await t.pool.query(`CREATE FUNCTION slow_insert() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_sleep(3); RETURN NULL; END $$;
      CREATE TRIGGER slow_leaves AFTER INSERT ON leaves FOR EACH STATEMENT EXECUTE FUNCTION slow_insert()`);
    const board = [
      { id: 1, origin: null, boardUid: alice.uid, boardName: '小爱', uid: alice.uid, name: '小爱', content: '自己的留言', ctime: ago(3), replies: [] },
    ];
    const yy = [yyRow(1, '旧yy', ago(3))];
    let importDone = false;
    const importing = importZip(t, alice, await zipData(handMade(owner, 'made-up', { yy, board }))).then((r) => {
      importDone = true;
      return r;
    });
    for (let i = 0; i < 100; i++) {
      const { rows } = await t.pool.query(`SELECT 1 FROM pg_stat_activity WHERE wait_event = 'PgSleep'`);
      if (rows.length > 0) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const posted = await bob.call('POST', '/api/yy/createyy', { content: '我不用等导入' });
    expect(posted.statusCode).toBe(200);
    expect(importDone).toBe(false);
    expect((await importing).statusCode).toBe(200);
    expect((await t.pool.query(`SELECT value FROM site_counters WHERE name = 'yy'`)).rows[0].value).toBe(2);
  });
});

describe('imports never take the pool from everyone else', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(NO_POST_LIMITS);
  });
  afterAll(() => t.close());

  it(`at most ${IMPORTS_PER_PROCESS} run at once per process, each on one connection; another answers 503 with the busy message`, async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const running = Array.from({ length: IMPORTS_PER_PROCESS }, (_, i) => withImportLock(t.pool, 900_000 + i, () => held));
    await new Promise((r) => setTimeout(r, 100));
    expect(t.pool.totalCount - t.pool.idleCount).toBe(IMPORTS_PER_PROCESS);
    await expect(withImportLock(t.pool, 900_100, async () => 'ran')).rejects.toMatchObject({ statusCode: 503, message: '服务器正忙，请稍后再试' });
    release();
    await Promise.all(running);
    expect(await withImportLock(t.pool, 900_100, async () => 'ran')).toBe('ran');
  });
});
