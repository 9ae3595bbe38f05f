/**
 * A remote's real server entry through the render sandbox (docs/adr/0016 "Step 2"): mf-space's
 * dist/server/entry.mjs, as its `npm run build` made it (this test builds nothing of the remote;
 * `npm test` builds every workspace first). The sandbox's child may read only mf-space/dist, so a
 * render that succeeds also shows the file carries every library it needs.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../paths';
import { entryBuilt, openEntrySandbox, SAMPLE_USER, type EntrySandbox } from '../../test/render';
import { foreignImports } from './entry-imports';
import type { RenderSandbox } from './sandbox';

const dist = path.join(REPO_ROOT, 'mf-space', 'dist');
const entry = path.join(dist, 'server', 'entry.mjs');
const built = entryBuilt(entry, 'mf-space');

const me = SAMPLE_USER;

const yy = (weiboId: number, content: string) => ({
  weiboId,
  uid: me.uid,
  userName: me.name,
  face: 0,
  avatar: '',
  content,
  ctime: 1_764_000_000 - weiboId * 600,
  transpondId: 0,
  sourceWid: 0,
  sourceUid: 0,
  sourceName: '',
  sourceContent: '',
  sourceCtime: 0,
  sourceComment: 0,
  sourceDeleted: false,
  comment: 0,
  typeData: null,
  sourceTData: null,
});

/** An RTK Query cache entry as the browser's store holds it once the answer is in. */
const fulfilled = (endpointName: string, originalArgs: unknown, data: unknown) => ({
  status: 'fulfilled',
  endpointName,
  requestId: 'server',
  originalArgs,
  startedTimeStamp: 1_764_000_000_000,
  fulfilledTimeStamp: 1_764_000_000_000,
  data,
});

const auth = { token: null, user: me, today: '', myspace: true };

/** /my's first screen: the user, page 1 of their yy (two), the board count, visitors, hot topics. */
const firstScreen = {
  path: '/my',
  state: {
    auth,
    api: {
      queries: {
        'getUserYy({"page":1,"uid":10001})': fulfilled(
          'getUserYy',
          { uid: me.uid, page: 1 },
          { records: [yy(2, '放学一起去操场踢球吧'), yy(1, '今天的作业写完啦')], total: 2, pages: 1, current: 1, size: 20 },
        ),
        'getOwnLeaveCount(undefined)': fulfilled('getOwnLeaveCount', undefined, 4),
        'getVisitors(10001)': fulfilled('getVisitors', me.uid, {
          data: [{ visitedId: me.uid, uid: 10002, username: '小明', face: 3, avatar: '', ctime: 1_763_999_000 }],
          total: 42,
        }),
        'getHotTopics(undefined)': fulfilled('getHotTopics', undefined, [{ name: '运动会', count: 7 }]),
      },
    },
  },
};

let opened: EntrySandbox;
let sandbox: RenderSandbox;
let warnings: string[];

describe.skipIf(!built)("mf-space's built server entry", () => {
  beforeAll(async () => {
    opened = await openEntrySandbox('remote', dist);
    ({ sandbox, warnings } = opened);
  });

  afterAll(async () => {
    await opened?.close();
  });

  it('is one file that imports nothing but Node built-ins', () => {
    expect(foreignImports(readFileSync(entry, 'utf8'))).toEqual([]);
  });

  it("renders /my's first screen from the data: the user, their yy, the panels, with its styles", async () => {
    const result = await sandbox.render({ entry, props: firstScreen });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.html).toContain('<h1 id=');
    expect(result.html).toContain('小巴同学');
    expect(result.html).toContain('放学一起去操场踢球吧');
    expect(result.html).toContain('今天的作业写完啦');
    expect(result.html).toContain('我的yy');
    expect(result.html).toContain('小明'); // a visitor
    expect(result.html).toContain('运动会'); // a hot topic
    expect(result.html).not.toContain('正在加载yy');
    expect(result.css).toMatch(/^<style[^>]*data-styled/);
    // Every class the markup names has its rule in the styles.
    const classes = [...result.html.matchAll(/class="([^"]+)"/g)].flatMap((m) => m[1]!.split(' ')).filter((c) => /^[a-zA-Z]{5,}$/.test(c));
    expect(classes.length).toBeGreaterThan(10);
    for (const c of classes.slice(0, 20)) expect(result.css).toContain(`.${c}`);
  });

  it('renders the loading state when the data is missing, without throwing', async () => {
    const result = await sandbox.render({ entry, props: { path: '/my', state: { auth } } });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.html).toContain('小巴同学');
    expect(result.html).toContain('正在加载yy…');
    expect(result.html).not.toContain('放学一起去操场踢球吧');
  });

  it("answers error for a path that is not one of mf-space's pages, or props without a user's state", async () => {
    expect(await sandbox.render({ entry, props: { path: '/system/notify', state: { auth } } })).toEqual({ ok: false, reason: 'error' });
    expect(await sandbox.render({ entry, props: { path: '/my' } })).toEqual({ ok: false, reason: 'error' });
    expect(warnings.join('\n')).toContain('/system/notify is not a page of this remote');
    // The child is still there for the next page.
    expect((await sandbox.render({ entry, props: firstScreen })).ok).toBe(true);
  });

  it("plans /my's first screen as its route prefetch asks it, and renders it from the site's answers", async () => {
    const planned = await sandbox.render({ entry, call: 'plan', props: { path: '/my', state: { auth } } });
    expect(planned).toMatchObject({ ok: true });
    const urls = ((planned as { data: { requests: { url: string }[] } }).data.requests ?? []).map((r) => r.url);
    expect(urls.sort()).toEqual(
      [`/user/getleaves`, `/visitor/get?uid=${auth.user.uid}`, `/yy/getUseryy/${auth.user.uid}?pageNum=1&pageSize=20`, '/yy/hottopics'].sort(),
    );
    const yy = `/yy/getUseryy/${auth.user.uid}?pageNum=1&pageSize=20`;
    const records = [
      { weiboId: 9, uid: auth.user.uid, userName: auth.user.name, content: '从服务器的回答来的yy', ctime: 1_764_000_000, comment: 0, transpondId: 0 },
    ];
    const responses = [
      { url: yy, status: 200, body: { code: 200, msg: 'ok', data: { records, total: 1, pages: 1, current: 1, size: 20 } } },
      // A failed answer: that query is left for the browser.
      { url: '/yy/hottopics', status: 500, body: { code: 500, msg: '服务器错误' } },
    ];
    const result = await sandbox.render({ entry, props: { path: '/my', state: { auth }, responses } });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.html).toContain('从服务器的回答来的yy');
    const queries = (result.data as { api: { queries: Record<string, { status: string }> } }).api.queries;
    expect(Object.keys(queries)).toEqual([`getUserYy({"page":1,"uid":${auth.user.uid}})`]);
  });

  it('renders the ./feed fragment another remote composes, from its own plan', async () => {
    const fragment = { module: './feed', props: { source: 'all' } };
    const planned = await sandbox.render({ entry, call: 'plan', props: { path: '/home', state: { auth }, fragment } });
    expect(planned).toMatchObject({ ok: true, data: { requests: [{ url: '/yy/getyy?pageNum=1&pageSize=20' }] } });
    const records = [{ weiboId: 3, uid: 5, userName: '同桌', content: '大家好呀', ctime: 1_764_000_000, comment: 0, transpondId: 0 }];
    const responses = [
      { url: '/yy/getyy?pageNum=1&pageSize=20', status: 200, body: { code: 200, msg: 'ok', data: { records, total: 1, pages: 1, current: 1, size: 20 } } },
    ];
    const result = await sandbox.render({ entry, props: { path: '/home', state: { auth }, fragment, responses } });
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.html).toContain('大家好呀');
    expect(await sandbox.render({ entry, props: { path: '/home', state: { auth }, fragment: { module: './nope' } } })).toEqual({ ok: false, reason: 'error' });
  });
});
