/**
 * Moderation on the server: reports, the moderators' routes, the four sanctions enforced on every
 * route, the audit log and the system notices (docs/api.md "Safety").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOD_MSG, REPORT_MSG, SANCTION_MSG, type ModLogEntry, type ReportGroup, type SystemNotice } from '@xiaoba/shared/core';
import { chinaDate } from '../../api/auth/standing';
import { frozenMayUse, MOD_PREFIX } from '../../api/http/sanctions';
import { cookieFrom, startTestApp, type TestApp } from '../../test/helpers';
import { PASSWORD } from '../../test/users';
import { json, member, NO_POST_LIMITS, type Member } from '../../test/yy';
import { MOD_EXTRA_MSG } from './input';

let t: TestApp;
let mod: Member;
let alice: Member;
let bob: Member;

const makeModerator = (uid: number) => t.pool.query(`UPDATE users SET role = 'moderator' WHERE uid = $1`, [uid]);
const yyOf = async (m: Member, content: string): Promise<number> => json(await m.call('POST', '/api/yy/createyy', { content })).data.weiboId;
const noticesOf = async (m: Member): Promise<SystemNotice[]> => json(await m.call('GET', '/api/notice/system?pageNum=1')).data.records;
const act = (m: Member, body: object) => m.call('POST', '/api/mod/action', body);
const login = (uid: number) => t.app.inject({ method: 'POST', url: '/api/user/login', payload: { username: String(uid), password: PASSWORD } });

beforeAll(async () => {
  t = await startTestApp({ ...NO_POST_LIMITS, reportsPerHour: 3 });
  mod = await member(t, '管理员');
  await makeModerator(mod.uid);
  alice = await member(t, '小爱');
  bob = await member(t, '小波');
});
afterAll(() => t?.close());

describe('POST /api/report/add', () => {
  it('files a report once; a second one of the same item is a no-op', async () => {
    const weiboId = await yyOf(bob, '坏话');
    const first = await alice.call('POST', '/api/report/add', { kind: 'yy', id: weiboId, reason: 'bullying', note: '骂人' });
    expect(json(first)).toEqual({ code: 200, msg: REPORT_MSG.reported });
    const again = await alice.call('POST', '/api/report/add', { kind: 'yy', id: weiboId, reason: 'spam' });
    expect(json(again)).toEqual({ code: 200, msg: REPORT_MSG.duplicate });
    const { rows } = await t.pool.query('SELECT reason, note FROM reports WHERE target_kind = $1 AND target_id = $2', ['yy', weiboId]);
    expect(rows).toEqual([{ reason: 'bullying', note: '骂人' }]);
  });

  it('refuses oneself, a missing item and bad input with the words of the contract', async () => {
    const own = await yyOf(alice, '我的');
    expect(json(await alice.call('POST', '/api/report/add', { kind: 'yy', id: own, reason: 'spam' }))).toEqual({ code: 400, msg: REPORT_MSG.self });
    expect(json(await alice.call('POST', '/api/report/add', { kind: 'user', id: alice.uid, reason: 'spam' }))).toEqual({ code: 400, msg: REPORT_MSG.self });
    expect(json(await alice.call('POST', '/api/report/add', { kind: 'comment', id: 999999, reason: 'spam' }))).toEqual({ code: 404, msg: REPORT_MSG.notFound });
    expect(json(await alice.call('POST', '/api/report/add', { kind: 'user', id: bob.uid }))).toEqual({ code: 400, msg: REPORT_MSG.reason });
    expect(json(await alice.call('POST', '/api/report/add', { kind: 'user', id: bob.uid, reason: 'nonsense' }))).toEqual({ code: 400, msg: REPORT_MSG.reason });
    const long = await alice.call('POST', '/api/report/add', { kind: 'user', id: bob.uid, reason: 'other', note: '字'.repeat(201) });
    expect(json(long)).toEqual({ code: 400, msg: REPORT_MSG.noteTooLong });
    expect((await alice.call('POST', '/api/report/add', { kind: 'thing', id: 1, reason: 'spam' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/report/add', payload: { kind: 'user', id: bob.uid, reason: 'spam' } })).statusCode).toBe(401);
  });

  it('limits reports per user and hour (LIMIT_REPORTS, 3 here): 429, and a duplicate is still a no-op', async () => {
    const carol = await member(t, '小卡');
    const ids = [];
    for (let i = 0; i < 4; i += 1) ids.push(await yyOf(bob, `第${i}条`));
    for (const id of ids.slice(0, 3)) expect(json(await carol.call('POST', '/api/report/add', { kind: 'yy', id, reason: 'spam' })).code).toBe(200);
    expect(json(await carol.call('POST', '/api/report/add', { kind: 'yy', id: ids[3], reason: 'spam' }))).toEqual({ code: 429, msg: REPORT_MSG.tooMany });
    expect(json(await carol.call('POST', '/api/report/add', { kind: 'yy', id: ids[0], reason: 'spam' }))).toEqual({ code: 200, msg: REPORT_MSG.duplicate });
  });
});

describe('the moderators routes', () => {
  it('answer everyone else exactly like an unknown route, before any input check', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    const calls: Array<{ method: 'GET' | 'POST'; url: string }> = [
      { method: 'GET', url: '/api/mod/reports?pageNum=1' },
      { method: 'GET', url: `/api/mod/user/${bob.uid}` },
      { method: 'GET', url: '/api/mod/log?pageNum=1' },
      { method: 'POST', url: '/api/mod/action' },
      { method: 'GET', url: '/api/mod/reports?pageNum=x' },
    ];
    for (const { method, url } of calls) {
      for (const headers of [{}, { authorization: `Bearer ${alice.token}` }, { authorization: 'Bearer nonsense' }]) {
        const res = await t.app.inject({ method, url, headers, payload: method === 'POST' ? { action: 'ban', uid: bob.uid, reason: 'x' } : undefined });
        expect(res.statusCode, url).toBe(404);
        expect(res.body, url).toBe(unknown.body);
      }
    }
    expect((await t.pool.query('SELECT count(*)::int AS n FROM sanctions')).rows[0].n).toBe(0);
  });

  it('refuse bad input with 400', async () => {
    expect(json(await mod.call('GET', '/api/mod/reports?pageNum=0')).code).toBe(400);
    expect(json(await mod.call('GET', '/api/mod/user/abc')).code).toBe(400);
    expect(json(await act(mod, { action: 'explode' })).code).toBe(400);
    expect(json(await act(mod, { action: 'warn', uid: bob.uid, rule: 'spam' }))).toEqual({ code: 400, msg: MOD_MSG.reasonRequired });
    expect(json(await act(mod, { action: 'freeze', uid: bob.uid, rule: 'spam', days: 0, reason: '刷屏' }))).toEqual({ code: 400, msg: MOD_MSG.days });
    expect(json(await act(mod, { action: 'freeze', uid: bob.uid, rule: 'spam', days: 366, reason: '刷屏' }))).toEqual({ code: 400, msg: MOD_MSG.days });
    expect(json(await act(mod, { action: 'warn', uid: bob.uid, reason: '刷屏' }))).toEqual({ code: 400, msg: MOD_EXTRA_MSG.ruleRequired });
    expect(json(await act(mod, { action: 'warn', uid: 999999, rule: 'spam', reason: '刷屏' }))).toEqual({ code: 404, msg: MOD_MSG.notFound });
    expect(json(await act(mod, { action: 'lift', sanctionId: 999999, reason: '误判' }))).toEqual({ code: 404, msg: MOD_MSG.notFound });
  });

  it('do not sanction oneself or another moderator', async () => {
    const other = await member(t, '另一位管理员');
    await makeModerator(other.uid);
    for (const uid of [mod.uid, other.uid]) {
      expect(json(await act(mod, { action: 'ban', uid, rule: 'spam', reason: '试试' }))).toEqual({ code: 403, msg: MOD_EXTRA_MSG.notOnModerator });
    }
    const theirs = await yyOf(other, '管理员的yy');
    expect(json(await act(mod, { action: 'remove', target: { kind: 'yy', id: theirs }, reason: '试试' })).code).toBe(403);
  });

  it('a report reaches the queue in context; removal hides it, tells the author and the reporter, logs it; restore undoes it', async () => {
    const weiboId = await yyOf(alice, '小爱的yy');
    const comment = json(await bob.call('POST', '/api/comment/add', { weiboId, content: '你真笨' })).data;
    const dave = await member(t, '小戴');
    await alice.call('POST', '/api/report/add', { kind: 'comment', id: comment.commentId, reason: 'bullying', note: '他骂我' });
    await dave.call('POST', '/api/report/add', { kind: 'comment', id: comment.commentId, reason: 'bullying' });

    const queue = json(await mod.call('GET', '/api/mod/reports?pageNum=1')).data;
    const group = (queue.records as ReportGroup[]).find((g) => g.target.kind === 'comment' && g.target.id === comment.commentId)!;
    expect(queue.records[0]).toBe(group); // the newest report first
    expect(group.target).toMatchObject({ uid: bob.uid, username: '小波', content: '你真笨', href: `/${alice.uid}`, removed: false, gone: false });
    expect(group.target.context).toContain('小爱的yy');
    expect(group.reports.map((r) => r.reporterName)).toEqual(['小戴', '小爱']);
    expect(group.reports[1]).toMatchObject({ reason: 'bullying', note: '他骂我' });

    const removed = await act(mod, { action: 'remove', target: { kind: 'comment', id: comment.commentId }, rule: 'bullying', reason: '骂人' });
    expect(json(removed)).toEqual({ code: 200, msg: MOD_MSG.done });
    // Hidden from the comments, and off the queue.
    const comments = json(await alice.call('GET', `/api/comment/getComment?weiboId=${weiboId}`)).data;
    expect(JSON.stringify(comments)).not.toContain('你真笨');
    const after = json(await mod.call('GET', '/api/mod/reports?pageNum=1')).data.records as ReportGroup[];
    expect(after.some((g) => g.target.kind === 'comment' && g.target.id === comment.commentId)).toBe(false);
    // The author learns the rule and the reason; each reporter that it was handled.
    const bobNotice = (await noticesOf(bob))[0]!;
    expect(bobNotice).toMatchObject({ kind: 'removed', unread: true });
    expect(bobNotice.text).toContain('骂人');
    expect(bobNotice.text).toContain('欺负、骂人或威胁别人');
    for (const reporter of [alice, dave]) expect((await noticesOf(reporter))[0]).toMatchObject({ kind: 'report_handled', text: '你的举报已处理：内容已删除' });
    // The log says who, what, to whom and why.
    const log = json(await mod.call('GET', '/api/mod/log?pageNum=1')).data.records as ModLogEntry[];
    expect(log[0]).toMatchObject({
      moderatorUid: mod.uid,
      moderatorName: '管理员',
      action: 'remove',
      targetUid: bob.uid,
      targetName: '小波',
      kind: 'comment',
      itemId: comment.commentId,
      reason: '骂人',
    });
    // Bob's page lists the report, the removed comment and the removal.
    const page = json(await mod.call('GET', `/api/mod/user/${bob.uid}`)).data;
    expect(page.removed).toEqual([expect.objectContaining({ kind: 'comment', id: comment.commentId, removed: true })]);
    expect(page.reports.filter((r: { status: string }) => r.status === 'actioned')).toHaveLength(2);
    expect(page.sanctions[0]).toMatchObject({ kind: 'removal', rule: 'bullying', reason: '骂人', byName: '管理员' });

    expect(json(await act(mod, { action: 'restore', target: { kind: 'comment', id: comment.commentId }, reason: '误删' })).code).toBe(200);
    expect(JSON.stringify(json(await alice.call('GET', `/api/comment/getComment?weiboId=${weiboId}`)).data)).toContain('你真笨');
    expect((await noticesOf(bob))[0]).toMatchObject({ kind: 'restored' });
    expect((json(await mod.call('GET', '/api/mod/log?pageNum=1')).data.records as ModLogEntry[])[0]).toMatchObject({ action: 'restore', reason: '误删' });
  });

  it('dismiss closes the reports, tells the reporters and logs it; the log cannot be rewritten', async () => {
    await alice.call('POST', '/api/report/add', { kind: 'user', id: bob.uid, reason: 'impersonation' });
    expect(json(await act(mod, { action: 'dismiss', target: { kind: 'user', id: bob.uid } })).code).toBe(200);
    expect((await noticesOf(alice))[0]!.text).toMatch(/^你的举报已处理：/);
    expect(json(await act(mod, { action: 'dismiss', target: { kind: 'user', id: bob.uid } })).code).toBe(404);
    expect((json(await mod.call('GET', '/api/mod/log?pageNum=1')).data.records as ModLogEntry[])[0]).toMatchObject({ action: 'dismiss', targetUid: bob.uid });
    await expect(t.pool.query('UPDATE moderation_log SET reason = $1', ['改写'])).rejects.toThrow(/append-only/);
    await expect(t.pool.query('DELETE FROM moderation_log')).rejects.toThrow(/append-only/);
  });

  it('warn, freeze and ban naming a user other than the target author answer 400, and nothing changes', async () => {
    const fay = await member(t, '小菲');
    const xin = await member(t, '小鑫');
    const reporter = await member(t, '举报人');
    const weiboId = await yyOf(fay, '被举报的话');
    expect(json(await reporter.call('POST', '/api/report/add', { kind: 'yy', id: weiboId, reason: 'bullying' })).code).toBe(200);
    const counts = async () =>
      (
        await t.pool.query(
          `SELECT (SELECT count(*)::int FROM reports WHERE status = 'open' AND target_kind = 'yy' AND target_id = $1) AS open,
                  (SELECT count(*)::int FROM system_notices WHERE uid = ANY($2)) AS notices,
                  (SELECT count(*)::int FROM sanctions WHERE uid = ANY($2)) AS sanctions,
                  (SELECT count(*)::int FROM moderation_log) AS log,
                  (SELECT count(*)::int FROM users WHERE uid = ANY($2) AND (frozen_until IS NOT NULL OR banned_at IS NOT NULL)) AS sanctioned`,
          [weiboId, [fay.uid, xin.uid, reporter.uid]],
        )
      ).rows[0];
    const before = await counts();
    expect(before).toMatchObject({ open: 1, sanctions: 0 });
    for (const body of [
      { action: 'warn', uid: xin.uid, target: { kind: 'yy', id: weiboId }, rule: 'bullying', reason: '骂人' },
      { action: 'freeze', uid: xin.uid, target: { kind: 'yy', id: weiboId }, rule: 'bullying', days: 3, reason: '骂人' },
      { action: 'ban', uid: xin.uid, target: { kind: 'yy', id: weiboId }, rule: 'bullying', reason: '骂人' },
      // A space is written by its owner.
      { action: 'warn', uid: xin.uid, target: { kind: 'user', id: fay.uid }, rule: 'bullying', reason: '骂人' },
    ]) {
      expect(json(await act(mod, body)), body.action).toEqual({ code: 400, msg: MOD_EXTRA_MSG.notTargetAuthor });
    }
    expect(await counts()).toEqual(before);
    expect(json(await xin.call('POST', '/api/yy/createyy', { content: '没被冻结' })).code).toBe(200);
    // A target that does not exist is not found, whoever is named.
    expect(json(await act(mod, { action: 'warn', uid: xin.uid, target: { kind: 'yy', id: 987654 }, rule: 'spam', reason: 'x' }))).toEqual({
      code: 404,
      msg: MOD_MSG.notFound,
    });
    // Naming the author, or only the target, acts on the author and closes the report.
    expect(json(await act(mod, { action: 'warn', uid: fay.uid, target: { kind: 'yy', id: weiboId }, rule: 'bullying', reason: '骂人' })).code).toBe(200);
    expect((await noticesOf(fay))[0]).toMatchObject({ kind: 'warning' });
    expect((await noticesOf(reporter))[0]).toMatchObject({ text: '你的举报已处理：已警告发布者' });
    expect((json(await mod.call('GET', '/api/mod/log?pageNum=1')).data.records as ModLogEntry[])[0]).toMatchObject({ action: 'warn', targetUid: fay.uid });
  });

  it('a sanction naming the author of an item they have since deleted still closes its reports', async () => {
    const gus = await member(t, '小古');
    const reporter = await member(t, '举报人二');
    const weiboId = await yyOf(gus, '删掉的话');
    expect(json(await reporter.call('POST', '/api/report/add', { kind: 'yy', id: weiboId, reason: 'spam' })).code).toBe(200);
    expect(json(await gus.call('DELETE', `/api/yy/deleteyy?weiboId=${weiboId}`)).code).toBe(200);
    expect(json(await act(mod, { action: 'warn', uid: bob.uid, target: { kind: 'yy', id: weiboId }, rule: 'spam', reason: '刷屏' })).code).toBe(400);
    expect(json(await act(mod, { action: 'warn', uid: gus.uid, target: { kind: 'yy', id: weiboId }, rule: 'spam', reason: '刷屏' })).code).toBe(200);
    const { rows } = await t.pool.query(`SELECT status FROM reports WHERE target_kind = 'yy' AND target_id = $1`, [weiboId]);
    expect(rows).toEqual([{ status: 'actioned' }]);
  });

  it('a warning tells the user the rule and the reason', async () => {
    expect(json(await act(mod, { action: 'warn', uid: alice.uid, rule: 'spam', reason: '一天发了一百条' })).code).toBe(200);
    const notice = (await noticesOf(alice))[0]!;
    expect(notice.kind).toBe('warning');
    expect(notice.text).toContain('广告或刷屏');
    expect(notice.text).toContain('一天发了一百条');
  });
});

describe('system notices', () => {
  it('counts the unread ones and marks them read (up to an id, or all)', async () => {
    const erin = await member(t, '小恩');
    await act(mod, { action: 'warn', uid: erin.uid, rule: 'spam', reason: '一' });
    await act(mod, { action: 'warn', uid: erin.uid, rule: 'spam', reason: '二' });
    const page = json(await erin.call('GET', '/api/notice/system?pageNum=1')).data;
    expect(page).toMatchObject({ total: 2, unread: 2, current: 1 });
    const [newest, oldest] = page.records as SystemNotice[];
    expect(json(await erin.call('POST', '/api/notice/system/read', { upTo: oldest!.id })).code).toBe(200);
    expect(json(await erin.call('GET', '/api/notice/system?pageNum=1')).data.unread).toBe(1);
    expect(json(await erin.call('POST', '/api/notice/system/read', {})).code).toBe(200);
    expect(json(await erin.call('GET', '/api/notice/system?pageNum=1')).data.unread).toBe(0);
    expect(newest!.id).toBeGreaterThan(oldest!.id);
    expect(json(await erin.call('POST', '/api/notice/system/read', { upTo: 'all' })).code).toBe(400);
    expect(json(await erin.call('GET', '/api/notice/system?pageNum=0')).code).toBe(400);
  });
});

describe('sanctions', () => {
  it('a frozen user is refused by every other mutating route with the end date and reason, and can still read, sign in and export', async () => {
    const frank = await member(t, '小弗');
    expect(json(await act(mod, { action: 'freeze', uid: frank.uid, rule: 'bullying', days: 3, reason: '欺负同学' })).code).toBe(200);
    const info = json(await frank.call('GET', '/api/user/getinfo')).data;
    expect(info.role).toBe('user');
    expect(info.frozenUntil).toBeGreaterThan(Date.now() / 1000 + 3 * 86400 - 60);
    const message = SANCTION_MSG.frozen(chinaDate(info.frozenUntil), '欺负同学');
    expect((await noticesOf(frank))[0]).toMatchObject({ kind: 'frozen' });

    // Every mutating /api route a freeze closes (the archive hook's list: routes added later are
    // walked too); what stays open is tested in frozen.test.ts.
    const routes = t.app.archiveClosedRoutes.filter((r) => !frozenMayUse(r.method, r.url));
    expect(routes.length).toBeGreaterThan(15);
    for (const { method, url } of routes) {
      const path = url.replace(/:[A-Za-z]+/g, '1').replace(/\*$/, 'x');
      const res = await t.app.inject({ method: method as 'POST', url: path, headers: { authorization: `Bearer ${frank.token}` }, payload: {} });
      if (url.startsWith(MOD_PREFIX)) expect(res.statusCode, `${method} ${path}`).toBe(404);
      else expect(res.json(), `${method} ${path}`).toEqual({ code: 403, msg: message });
    }
    // Reading, the export and the notices' read mark still work; so does login.
    expect((await frank.call('GET', `/api/yy/getUseryy/${alice.uid}?pageNum=1`)).statusCode).toBe(200);
    expect(json(await frank.call('POST', '/api/export/prepare')).code).toBe(200);
    expect(json(await frank.call('POST', '/api/notice/system/read', {})).code).toBe(200);
    const signedIn = await login(frank.uid);
    expect(signedIn.statusCode).toBe(200);
    expect(json(signedIn).data.frozenUntil).toBe(info.frozenUntil);

    // Lifting it restores every write at once.
    const sanction = json(await mod.call('GET', `/api/mod/user/${frank.uid}`)).data.sanctions[0];
    expect(sanction).toMatchObject({ kind: 'freeze', liftedAt: 0 });
    expect(json(await act(mod, { action: 'lift', sanctionId: sanction.id, reason: '已道歉' })).code).toBe(200);
    expect(json(await frank.call('POST', '/api/yy/createyy', { content: '我回来了' })).code).toBe(200);
    expect(json(await frank.call('GET', '/api/user/getinfo')).data.frozenUntil).toBe(0);
    // The newest notice from the moderators (the post after the lift earned a medal, noticed after it).
    expect((await noticesOf(frank)).find((n) => n.kind !== 'medal')).toMatchObject({ kind: 'lifted' });
    expect(json(await act(mod, { action: 'lift', sanctionId: sanction.id, reason: '再来' }))).toEqual({ code: 409, msg: MOD_EXTRA_MSG.notInForce });
  });

  it('a ban revokes every session, signs the user out on their next call (reads too), refuses login after the password; lift lets them back', async () => {
    const gina = await member(t, '小吉');
    const first = await login(gina.uid);
    const second = await login(gina.uid);
    const cookies = [cookieFrom(first, 'xb_refresh'), cookieFrom(second, 'xb_refresh')];
    expect(cookies.every(Boolean)).toBe(true);
    const weiboId = await yyOf(alice, '被举报的空间');
    const hank = await member(t, '小汉');
    expect(json(await hank.call('POST', '/api/report/add', { kind: 'user', id: gina.uid, reason: 'sexual' })).code).toBe(200);

    expect(json(await act(mod, { action: 'ban', uid: gina.uid, rule: 'sexual', reason: '发不良图片' })).code).toBe(200);
    for (const cookie of cookies) {
      const refresh = await t.app.inject({ method: 'POST', url: '/api/user/refresh', cookies: { xb_refresh: cookie! } });
      expect(refresh.statusCode).toBe(401);
    }
    const read = await gina.call('GET', `/api/comment/getComment?weiboId=${weiboId}`);
    expect(read.statusCode).toBe(401);
    expect(read.headers['x-error-type']).toBe('access');
    expect(json(await gina.call('POST', '/api/yy/createyy', { content: 'x' })).code).toBe(401);
    expect(json(await login(gina.uid))).toEqual({ code: 403, msg: SANCTION_MSG.banned('发不良图片') });
    // A wrong password still answers as any wrong password: the ban is not revealed to a guesser.
    const wrong = await t.app.inject({ method: 'POST', url: '/api/user/login', payload: { username: String(gina.uid), password: 'wrong-one' } });
    expect(json(wrong).code).toBe(401);
    // The reporter of the space is told; the log has it.
    expect((await noticesOf(hank))[0]).toMatchObject({ text: '你的举报已处理：发布者的账号已被永久封禁' });
    expect((json(await mod.call('GET', '/api/mod/log?pageNum=1')).data.records as ModLogEntry[])[0]).toMatchObject({ action: 'ban', targetUid: gina.uid });

    const page = json(await mod.call('GET', `/api/mod/user/${gina.uid}`)).data;
    expect(page.user).toMatchObject({ bannedAt: expect.any(Number), banReason: '发不良图片' });
    expect(json(await act(mod, { action: 'lift', sanctionId: page.sanctions[0].id, reason: '申诉成功' })).code).toBe(200);
    expect(json(await login(gina.uid)).code).toBe(200);
  });
});
