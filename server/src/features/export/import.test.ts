import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/helpers';
import { createUser } from '../../test/users';
import { json, member, NO_POST_LIMITS, type Member } from '../../test/yy';
import { buildSpace, emojiSite, exportOf, importZip, ok, unzip, zipOf } from './fixtures';

// Site A: where alice wrote everything. Site B: another instance, where alice registered again.
let a: TestApp;
let b: TestApp;
let alice: Member;
let bob: Member;
let carol: Member;
let space: Awaited<ReturnType<typeof buildSpace>>;
let zip: Buffer;
let entries: Map<string, Buffer>;
let folder: string;
let aliceB: Member;
let bobB: Member;

const counts = async (t: TestApp) => {
  const { rows } = await t.pool.query<Record<string, number>>(`SELECT
    (SELECT count(*) FROM yy)::int AS yy, (SELECT count(*) FROM yy_comments)::int AS comments,
    (SELECT count(*) FROM leaves)::int AS leaves, (SELECT count(*) FROM leave_replies)::int AS replies,
    (SELECT count(*) FROM uploads)::int AS uploads`);
  return rows[0]!;
};

/** The export with data.json changed by `edit`, everything else as it was. */
async function withData(edit: (data: any) => void): Promise<Buffer> {
  const data = JSON.parse(entries.get(`${folder}/data.json`)!.toString());
  edit(data);
  return zipOf([...entries].map(([name, bytes]) => [name, name.endsWith('/data.json') ? JSON.stringify(data) : bytes]));
}

beforeAll(async () => {
  const siteDir = await emojiSite();
  a = await startTestApp({ ...NO_POST_LIMITS, siteDir, exportPerHour: 0 });
  alice = await member(a, '小爱');
  bob = await member(a, '小波');
  carol = await member(a, '小凯');
  space = await buildSpace(a, alice, bob, carol);
  zip = (await exportOf(a, alice)).zip;
  entries = await unzip(zip);
  folder = [...entries.keys()][0]!.split('/')[0]!;

  b = await startTestApp({ ...NO_POST_LIMITS, siteDir, importMaxMb: 1 });
  await b.pool.query(`UPDATE app_secrets SET value = 'site-b' WHERE name = 'instance_id'`);
  // On B alice has the same e-mail (a new 米米号 may differ); 小波 exists with his uid and name; 小凯 does not.
  const email = (await a.pool.query<{ email: string }>('SELECT email FROM users WHERE uid = $1', [alice.uid])).rows[0]!.email;
  await b.pool.query(`SELECT setval(pg_get_serial_sequence('users', 'uid'), 100500)`);
  const { uid: aliceUid } = await createUser(b.pool, { name: '小爱B', email });
  aliceB = await asMember(b, aliceUid);
  await b.pool.query(`INSERT INTO users (uid, email, password_hash, name) VALUES ($1, 'bob-b@example.com', 'x', '小波')`, [bob.uid]);
  bobB = await asMember(b, bob.uid);
});
afterAll(async () => {
  await a?.close();
  await b?.close();
});

async function asMember(t: TestApp, uid: number): Promise<Member> {
  const { TokenSigner } = await import('../../api/auth/tokens');
  const { TEST_JWT_SECRET } = await import('../../test/helpers');
  const token = await new TokenSigner(new TextEncoder().encode(TEST_JWT_SECRET)).signAccess(uid, 900);
  const headers = { authorization: `Bearer ${token}` };
  return {
    uid,
    token,
    call: (method, url, payload) => t.app.inject({ method, url, payload, headers }),
    upload: () => Promise.reject(new Error('not used')),
  };
}

describe('POST /api/import on another instance', () => {
  let report: any;
  beforeAll(async () => {
    const res = await importZip(b, aliceB, zip);
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).msg).toBe('导入完成');
    report = json(res).data;
  });

  it('restores the posts, pictures, signatures and avatar, and says what it could not', () => {
    expect(report.created).toEqual({ yy: 3, comments: 2, leaves: 1, leaveReplies: 1, images: 2, signatures: 2, avatar: 1, albums: 0, photos: 0 });
    expect(report.skipped).toEqual({ yy: 0, comments: 0, leaves: 0, leaveReplies: 0, images: 0, signatures: 0, avatar: 0, albums: 0, photos: 0 });
    // Not restorable: the comment on 小波's yy (not on B), the message on 小凯's board (小凯 is not on B) and its reply.
    expect(report.unrestorable).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'comment', id: space.aliceElsewhere.commentId }),
        expect.objectContaining({ kind: 'leave', id: space.aliceLeftCarol.id }),
        expect.objectContaining({ kind: 'leaveReply', id: space.carolReply.id }),
      ]),
    );
    expect(report.unrestorable).toHaveLength(3);
    for (const item of report.unrestorable) expect(item.reason).toMatch(/[\u4e00-\u9fff]/);
  });

  it('keeps the original times, texts and order; a repost of a yy not on this site quotes it', async () => {
    const page = json(await aliceB.call('GET', `/api/yy/getUseryy/${aliceB.uid}?pageNum=1`)).data;
    expect(page.total).toBe(3);
    const original = (
      await a.pool.query<{ weibo_id: number; ms: string }>(
        `SELECT weibo_id, (extract(epoch FROM ctime) * 1000)::bigint::text AS ms FROM yy WHERE uid = $1 ORDER BY weibo_id`,
        [alice.uid],
      )
    ).rows;
    const restored = (
      await b.pool.query<{ content: string; ms: string }>(
        `SELECT content, (extract(epoch FROM ctime) * 1000)::bigint::text AS ms FROM yy WHERE uid = $1 ORDER BY ctime, weibo_id`,
        [aliceB.uid],
      )
    ).rows;
    expect(restored.map((r) => r.ms)).toEqual(original.map((r) => r.ms));
    expect(restored.map((r) => r.content)).toEqual(['第一条 粗[b12] & "引号"', '第二条\n换行[m55]', '转一下 //转发 @小波：小波的yy']);
    const post = page.records.find((y: any) => y.content.startsWith('第一条'));
    expect(post.typeData.data).toHaveLength(2);
    expect(post.comment).toBe(2);
    for (const { url } of post.typeData.data) expect((await b.app.inject({ url })).statusCode).toBe(200);
    const comments = json(await aliceB.call('GET', `/api/comment/getComment?weiboId=${post.weiboId}`)).data;
    expect(comments.map((c: any) => [c.username, c.content, c.replyUsername])).toEqual([
      ['小波', '好看[b1]', ''],
      ['小爱B', '谢谢', '小波'],
    ]);
  });

  it('restores the board with its replies, the signatures and the avatar', async () => {
    const board = json(await aliceB.call('GET', `/api/leave/get/${aliceB.uid}?pageNum=1`)).data;
    expect(board.records.map((l: any) => [l.uid, l.content, l.replies.map((r: any) => r.content)])).toEqual([[bob.uid, '小爱你好', ['你好呀']]]);
    const info = json(await aliceB.call('GET', '/api/user/getinfo')).data;
    expect(info).toMatchObject({ qm: '大签名[b12]', qianming: '小签名' });
    expect(info.avatar).toMatch(/^\/uploads\/avatars\/[0-9a-f]{32}\.webp$/);
    expect((await b.app.inject({ url: info.avatar })).statusCode).toBe(200);
  });

  it('importing the same ZIP again creates nothing twice', async () => {
    const before = await counts(b);
    const again = json(await importZip(b, aliceB, zip)).data;
    expect(again.created).toEqual({ yy: 0, comments: 0, leaves: 0, leaveReplies: 0, images: 0, signatures: 0, avatar: 0, albums: 0, photos: 0 });
    expect(again.skipped).toMatchObject({ yy: 3, comments: 2, leaves: 1, leaveReplies: 1, signatures: 2, avatar: 1 });
    expect(await counts(b)).toEqual(before);
  });
});

describe('POST /api/import on the same site', () => {
  it('skips everything still there and restores only what was deleted since', async () => {
    const before = await counts(a);
    const same = json(await importZip(a, alice, zip)).data;
    expect(same.created).toEqual({ yy: 0, comments: 0, leaves: 0, leaveReplies: 0, images: 0, signatures: 0, avatar: 0, albums: 0, photos: 0 });
    expect(same.skipped).toMatchObject({ yy: 3, comments: 3, leaves: 2, leaveReplies: 2 });
    expect(same.unrestorable).toEqual([]);
    expect(await counts(a)).toEqual(before);

    await ok(alice.call('DELETE', `/api/yy/deleteyy?weiboId=${space.plain.weiboId}`));
    const restored = json(await importZip(a, alice, zip)).data;
    expect(restored.created.yy).toBe(1);
    expect(json(await alice.call('GET', `/api/yy/getUseryy/${alice.uid}?pageNum=1`)).data.total).toBe(3);
    expect(json(await importZip(a, alice, zip)).data.created.yy).toBe(0);
  });
});

describe("other users' words need this site's signature", () => {
  it('a forged comment "by" another user is not restored; the signed original, deleted here since, is not brought back either', async () => {
    await ok(alice.call('DELETE', `/api/comment/delete?commentId=${space.bobComment.commentId}`));
    const forged = await withData((d) => {
      d.yy.find((y: any) => y.id === space.post.weiboId).comments[0].content = '我是坏人';
    });
    const report = json(await importZip(a, alice, forged)).data;
    expect(report.created.comments).toBe(0);
    expect(report.unrestorable).toEqual([
      expect.objectContaining({ kind: 'comment', id: space.bobComment.commentId, reason: expect.stringContaining('签名') }),
    ]);
    expect((await a.pool.query(`SELECT 1 FROM yy_comments WHERE content = '我是坏人'`)).rowCount).toBe(0);
    // Signed, it is 小波's genuine words, but they were deleted on this site since the export.
    const signed = json(await importZip(a, alice, zip)).data;
    expect(signed.created.comments).toBe(0);
    expect(signed.unrestorable).toEqual([expect.objectContaining({ kind: 'comment', id: space.bobComment.commentId, reason: '这条内容在本站已被删除' })]);
    expect((await a.pool.query(`SELECT 1 FROM yy_comments WHERE content = '好看[b1]'`)).rowCount).toBe(0);
  });
});

describe('POST /api/import of an export unzipped and zipped again by hand', () => {
  it('accepts the files at the top of the ZIP, with macOS resource forks beside them', async () => {
    // 小波's own export from A, rezipped without its folder; on B he registered with the same e-mail.
    const email = (await a.pool.query<{ email: string }>('SELECT email FROM users WHERE uid = $1', [bob.uid])).rows[0]!.email;
    await b.pool.query('UPDATE users SET email = $2 WHERE uid = $1', [bobB.uid, email]);
    const flat = [...(await unzip((await exportOf(a, bob)).zip))].map(([n, d]): [string, Buffer] => [n.slice(n.indexOf('/') + 1), d]);
    const rezipped = await zipOf([...flat, ['__MACOSX/._data.json', 'resource fork']]);
    const res = await importZip(b, bobB, rezipped);
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).data.created.yy).toBe(1);
    await b.pool.query(`UPDATE users SET email = 'bob-b@example.com' WHERE uid = $1`, [bobB.uid]);
  });
});

describe('POST /api/import refusals: a clear message and nothing written', () => {
  const refused = async (t: TestApp, m: Member, body: Buffer, status: number, msg: string | RegExp) => {
    const before = await counts(t);
    const res = await importZip(t, m, body);
    expect(res.statusCode, res.body).toBe(status);
    expect(json(res).code).toBe(status);
    expect(json(res).msg).toMatch(msg);
    expect(await counts(t)).toEqual(before);
  };

  it('a file that is not a ZIP, or a damaged one', async () => {
    await refused(b, aliceB, Buffer.from('just some text, not a zip at all'), 400, '文件已损坏，无法导入');
    await refused(b, aliceB, zip.subarray(0, Math.floor(zip.length / 2)), 400, '文件已损坏，无法导入');
    await refused(b, aliceB, await zipOf([['x/readme.txt', 'no data.json here']]), 400, '文件已损坏，无法导入');
    await refused(b, aliceB, await zipOf([['x/data.json', '{not json']]), 400, '文件已损坏，无法导入');
    await refused(
      b,
      aliceB,
      await withData((d) => {
        d.yy[0].content = 42;
      }),
      400,
      '文件已损坏，无法导入',
    );
    await refused(
      b,
      aliceB,
      await withData((d) => {
        d.yy[0].content = 'nul\u0000byte';
      }),
      400,
      '文件已损坏，无法导入',
    );
    // Longer than the site allows (a yy is at most 500 characters): no way around the rules.
    await refused(
      b,
      aliceB,
      await withData((d) => {
        d.yy[0].content = '长'.repeat(501);
      }),
      400,
      '文件已损坏，无法导入',
    );
  });

  it('an unknown version', async () => {
    await refused(
      b,
      aliceB,
      await withData((d) => {
        d.version = 2;
      }),
      400,
      '不认识这个导出文件的版本',
    );
  });

  it('paths outside its folder', async () => {
    await refused(b, aliceB, await zipOf([...entries, ['elsewhere/evil.txt', 'x']]), 400, /不属于它的文件夹/);
    // yazl refuses to write `..`, so the name is patched in place (same length) in both headers.
    const sneaky = await zipOf([...entries, [`${folder}/zz/evil.txt`, 'x']]);
    const patched = Buffer.from(sneaky.toString('latin1').replaceAll(`${folder}/zz/evil.txt`, `${folder}/../evil.txt`), 'latin1');
    await refused(b, aliceB, patched, 400, /不属于它的文件夹/);
  });

  it("another account's export", async () => {
    await refused(b, bobB, zip, 400, '这是另一个账号的导出文件，只能导入自己的');
    // On the site it came from, the 米米号 must match as well.
    await refused(
      a,
      bob,
      await withData((d) => {
        d.user.email = 'someone@example.com';
      }),
      400,
      '这是另一个账号的导出文件，只能导入自己的',
    );
  });

  it('one import at a time per user (in any API process): 409 while another runs', async () => {
    const other = await b.pool.connect();
    try {
      await other.query('SELECT pg_advisory_lock(7263011, $1)', [aliceB.uid]); // as a running import holds it
      await refused(b, aliceB, zip, 409, '已经有一个导入正在进行，请等它完成');
    } finally {
      await other.query('SELECT pg_advisory_unlock(7263011, $1)', [aliceB.uid]);
      other.release();
    }
    expect((await importZip(b, aliceB, zip)).statusCode).toBe(200);
  });

  it('a ZIP over IMPORT_MAX_MB', async () => {
    await refused(b, aliceB, Buffer.alloc(1024 * 1024 + 10, 1), 413, '导出文件太大了，不能超过1MB');
  });

  it('no file, another field, or no sign-in', async () => {
    const anon = await b.app.inject({ method: 'POST', url: '/api/import' });
    expect(anon.statusCode).toBe(401);
    expect((await aliceB.call('POST', '/api/import', {})).statusCode).toBe(400);
    const res = await importZip(b, aliceB, zip, 'other');
    expect(res.statusCode).toBe(400);
    expect(json(res).msg).toBe('请选择要导入的导出文件');
  });
});
