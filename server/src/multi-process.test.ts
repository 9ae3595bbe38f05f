/**
 * Two API processes on one PostgreSQL and one picture storage, laid out as server/README.md
 * "Running several API processes" says: the same `DATABASE_URL` (this test file's database), the
 * same `S3_*` (s3rver, an S3 imitation, in the test process) and the same `JWT_SECRET`, each on
 * its own loopback port. Whatever one process does, the other sees: sessions, the per-user and
 * general limits, the import lock, published remotes, notices and pictures. Then `kill -9` of one
 * under concurrent writes: nothing it acknowledged is lost and the other answers throughout.
 *
 * The processes are src/main.ts bundled like build.mjs and started side by side by
 * test/server-process.ts's startServerPair: no prior build.
 */
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { TokenSigner } from './api/auth/tokens';
import { createPool, type Pool } from './data/pool';
import { TOO_FAST } from './data/post-limit';
import { createKey } from './platform/deploy/keys';
import { IMPORT_MSG } from './features/export/import';
import { FLUSH_INTERVAL_MS, RATE_WINDOW_MS } from './api/http/rate-limit';
import { MSG } from './api/http/errors';
import { S3Storage } from './uploads/storage';
import { createTestDatabase } from './test/helpers';
import { startTestS3, type TestS3 } from './test/s3';
import { bundleServer, PAIR_JWT_SECRET, startServerPair, type ServerProcess } from './test/server-process';
import { createUser, PASSWORD } from './test/users';
import { multipart, pngImage } from './test/yy';

const LIMIT_YY = 5;
const RATE_LIMIT_USER = 100;
/** The served shell's build contract; a published remote must carry the same. */
const CONTRACT = { shared: '1', singletons: { react: '19.2.0', 'react-dom': '19.2.0', '@xiaoba/shared': '0.1.0' } };

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let pool: Pool;
let s3: TestS3;
let bundle: Awaited<ReturnType<typeof bundleServer>>;
let a: ServerProcess;
let b: ServerProcess;
let stopPair: (() => Promise<void>) | undefined;

const signer = new TokenSigner(new TextEncoder().encode(PAIR_JWT_SECRET));

beforeAll(async () => {
  [db, s3, bundle] = await Promise.all([createTestDatabase(), startTestS3('xiaoba-shared', 'site/'), bundleServer('multi-process')]);
  pool = createPool(db.url);
  // The assembled site's shell carries its build contract (what a publish is checked against).
  ({
    a,
    b,
    stop: stopPair,
  } = await startServerPair(bundle.script, {
    tag: 'multi',
    shellFiles: { 'contract.json': JSON.stringify(CONTRACT) },
    env: {
      DATABASE_URL: db.url,
      S3_BUCKET: s3.config.bucket,
      S3_ENDPOINT: s3.config.endpoint!,
      S3_REGION: s3.config.region,
      S3_FORCE_PATH_STYLE: '1',
      S3_ACCESS_KEY_ID: s3.config.accessKeyId!,
      S3_SECRET_ACCESS_KEY: s3.config.secretAccessKey!,
      S3_PREFIX: s3.config.prefix,
      LIMIT_YY: String(LIMIT_YY),
      RATE_LIMIT_USER: String(RATE_LIMIT_USER),
    },
  }));
}, 120_000);

afterAll(async () => {
  await stopPair?.();
  await pool?.end();
  await db?.drop();
  await s3?.close();
  bundle?.remove();
}, 60_000);

interface Answer {
  status: number;
  headers: Headers;
  body: { code: number; msg: string; data?: any };
}

interface CallOptions {
  token?: string;
  json?: unknown;
  body?: Buffer;
  headers?: Record<string, string>;
  /** Fails the call (throws) when no answer came within this time: nothing may hang. */
  timeoutMs?: number;
}

async function call(server: ServerProcess, method: string, url: string, options: CallOptions = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.json !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(server.url + url, {
    method,
    headers,
    body: options.json !== undefined ? JSON.stringify(options.json) : options.body,
    signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : { code: res.status, msg: '' } };
}

/** The value an answer set for a cookie. */
function cookieOf(answer: Answer, name: string): string {
  const line = answer.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
  expect(line, `${name} set`).toBeDefined();
  return line!.slice(name.length + 1).split(';')[0]!;
}

/** Polls `check` every 50 ms until it holds; fails after `ms`. */
async function until(what: string, check: () => Promise<boolean>, ms = 8_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${what}`);
    await sleep(50);
  }
}

/** A user with an access token signed with the shared key (accepted by every process). */
async function member(name: string): Promise<{ uid: number; token: string }> {
  const { uid } = await createUser(pool, { name });
  return { uid, token: await signer.signAccess(uid, 900) };
}

const postYy = (server: ServerProcess, token: string, content: string) => call(server, 'POST', '/api/yy/createyy', { token, json: { content } });

describe('two API processes on one PostgreSQL and one storage', () => {
  it('a session made on A works on B; a refresh token rotated on B is refused as reused on A', async () => {
    const { uid } = await createUser(pool, { name: '两边登录' });
    const login = await call(a, 'POST', '/api/user/login', { json: { username: String(uid), password: PASSWORD } });
    expect(login.status, login.body.msg).toBe(200);
    const firstCookie = cookieOf(login, 'xb_refresh');

    // A's access token on B.
    const info = await call(b, 'GET', '/api/user/getinfo', { token: login.body.data.token });
    expect(info.status).toBe(200);
    expect(info.body.data.uid).toBe(uid);

    // A's refresh cookie on B: rotated there, and the new access token works on A.
    const refreshed = await call(b, 'POST', '/api/user/refresh', { headers: { cookie: `xb_refresh=${firstCookie}` } });
    expect(refreshed.status, refreshed.body.msg).toBe(200);
    const secondCookie = cookieOf(refreshed, 'xb_refresh');
    expect(secondCookie).not.toBe(firstCookie);
    expect((await call(a, 'GET', '/api/user/getinfo', { token: refreshed.body.data.token })).body.data.uid).toBe(uid);

    // The rotated cookie presented again on A, past the 10 s race grace (moved back here rather
    // than waited for): a reuse, refused, and the login's whole family is revoked, on B too.
    const hash = createHash('sha256').update(firstCookie).digest();
    await pool.query(`UPDATE refresh_tokens SET rotated_at = rotated_at - interval '1 minute' WHERE token_hash = $1`, [hash]);
    const reused = await call(a, 'POST', '/api/user/refresh', { headers: { cookie: `xb_refresh=${firstCookie}` } });
    expect(reused.status).toBe(401);
    expect(reused.headers.get('x-error-type')).toBe('refresh');
    const successor = await call(b, 'POST', '/api/user/refresh', { headers: { cookie: `xb_refresh=${secondCookie}` } });
    expect(successor.status).toBe(401);
    expect(successor.headers.get('x-error-type')).toBe('refresh');
  });

  it(`LIMIT_YY holds across both: posting alternately to A and B, post ${LIMIT_YY + 1} is refused with 429 on either`, async () => {
    const poster = await member('轮流发');
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT_YY + 2; i++) {
      const res = await postYy(i % 2 === 0 ? a : b, poster.token, `轮流发的第${i}条`);
      statuses.push(res.status);
      if (res.status === 429) expect(res.body.msg).toBe(TOO_FAST);
    }
    expect(statuses).toEqual([...Array<number>(LIMIT_YY).fill(200), 429, 429]);
    const { rows } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM yy WHERE uid = $1', [poster.uid]);
    expect(rows[0]!.n).toBe(LIMIT_YY);
  });

  it('RATE_LIMIT_USER is counted across both: B refuses a user A used up within about one flush interval', async () => {
    const user = await member('用完限额');
    // Windows are clock minutes: start early in one, so the whole check stays inside it.
    const left = RATE_WINDOW_MS - (Date.now() % RATE_WINDOW_MS);
    if (left < 15_000) await sleep(left + 100);

    let acceptedOnA = 0;
    for (let i = 0; i < RATE_LIMIT_USER + 5; i++) {
      const res = await call(a, 'GET', '/api/user/getinfo', { token: user.token });
      if (res.status !== 200) {
        expect(res.status).toBe(429);
        expect(res.body.msg).toBe(MSG.tooManyRequests);
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
        break;
      }
      acceptedOnA++;
    }
    expect(acceptedOnA).toBe(RATE_LIMIT_USER); // one process alone: exact
    // A adds its counts into PostgreSQL about once a second.
    await until('A shared its counts', async () => {
      const { rows } = await pool.query<{ hits: number }>('SELECT hits FROM rate_limit_counts WHERE bucket = $1', [`u:${user.uid}`]);
      return (rows[0]?.hits ?? 0) >= RATE_LIMIT_USER;
    });

    // B has not seen this user yet: it may accept what arrives before its own next flush (the
    // documented overshoot, rate-limit.ts), then refuses. Alone it would accept RATE_LIMIT_USER.
    let acceptedOnB = 0;
    let refusedOnB = false;
    const startedAt = Date.now();
    let lastAcceptedAt = startedAt;
    for (let i = 0; i < RATE_LIMIT_USER && !refusedOnB; i++) {
      const res = await call(b, 'GET', '/api/user/getinfo', { token: user.token });
      if (res.status === 200) {
        acceptedOnB++;
        lastAcceptedAt = Date.now();
      } else {
        expect(res.status).toBe(429);
        refusedOnB = true;
      }
      await sleep(40);
    }
    console.log(
      `general limit ${RATE_LIMIT_USER}/min: A accepted ${acceptedOnA}, then B accepted ${acceptedOnB} within ${lastAcceptedAt - startedAt} ms before refusing`,
    );
    expect(refusedOnB).toBe(true);
    expect(acceptedOnB).toBeLessThan(RATE_LIMIT_USER);
    // Within a few flush intervals (loose: a busy machine delays timers).
    expect(lastAcceptedAt - startedAt).toBeLessThan(4 * FLUSH_INTERVAL_MS);
    // And A, which knew all along, still refuses.
    expect((await call(a, 'GET', '/api/user/getinfo', { token: user.token })).status).toBe(429);
  }, 45_000);

  it("the import lock holds across both: while an import runs on A, the same user's import on B answers 409", async () => {
    const importer = await member('导入的人');
    const posted = await postYy(a, importer.token, '要导回来的yy');
    expect(posted.status).toBe(200);
    // An export prepared on A, downloaded from B (the one-time ticket is in PostgreSQL).
    const prepared = await call(a, 'POST', '/api/export/prepare', { token: importer.token });
    expect(prepared.status, prepared.body.msg).toBe(200);
    const download = await fetch(`${b.url}/api/export/download/${prepared.body.data.ticket}`);
    expect(download.status).toBe(200);
    const zip = Buffer.from(await download.arrayBuffer());
    // Deleted since: importing the export brings it back, so the import has a yy to write.
    expect((await call(a, 'DELETE', `/api/yy/deleteyy?weiboId=${posted.body.data.weiboId}`, { token: importer.token })).status).toBe(200);

    const importOn = (server: ServerProcess) => {
      const form = multipart('file', 'export.zip', 'application/zip', zip);
      return call(server, 'POST', '/api/import', { token: importer.token, body: form.body, headers: { 'content-type': form.contentType }, timeoutMs: 10_000 });
    };
    // Keeps A's import in flight: the test holds a lock on yy that its INSERT must wait for (it
    // holds its import lock meanwhile, as during any long import).
    const holder = await pool.connect();
    let onA: Promise<Answer>;
    try {
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE yy IN SHARE MODE');
      const holderPid = (await holder.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
      onA = importOn(a);
      let answeredEarly: Answer | null = null;
      void onA.then(
        (res) => (answeredEarly = res),
        () => {},
      );
      await until("A's import waits to write its yy", async () => {
        if (answeredEarly) throw new Error(`A's import answered before writing: ${answeredEarly.status} ${answeredEarly.body.msg}`);
        const { rows } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))', [holderPid]);
        return rows[0]!.n > 0;
      });

      const onB = await importOn(b);
      expect(onB.status).toBe(409);
      expect(onB.body.msg).toBe(IMPORT_MSG.running);
    } finally {
      await holder.query('COMMIT');
      holder.release();
    }
    const finished = await onA;
    expect(finished.status, finished.body.msg).toBe(200);
    expect(finished.body.data.created.yy).toBe(1);
    // Once it is done, B imports (nothing left to create).
    const again = await importOn(b);
    expect(again.status, again.body.msg).toBe(200);
    expect(again.body.data.created.yy).toBe(0);
  });

  it('a remote published through A is served by B without a restart, and one published through B by A', async () => {
    const { key } = await createKey(pool, 'mf-auth'); // what `npm run deploy-key -- create mf-auth` does
    const entryOn = async (server: ServerProcess) => {
      const res = await fetch(`${server.url}/remotes.json`);
      expect(res.status).toBe(200);
      return ((await res.json()) as { remotes: { name: string; version?: string; url: string }[] }).remotes.find((r) => r.name === 'mf_auth');
    };
    for (const [through, other, tag] of [
      [a, b, 'one'],
      [b, a, 'two'],
    ] as const) {
      // The other process has served the manifest already (it holds the pointers it read then).
      const before = await entryOn(other);
      const published = await call(through, 'POST', '/api/deploy/mf-auth', {
        body: await zip(authBuild(tag)),
        headers: { 'content-type': 'application/zip', 'x-deploy-key': key },
      });
      expect(published.status, published.body.msg).toBe(200);
      const { version } = published.body.data as { version: string };
      expect(before?.version).not.toBe(version);
      // Each process re-reads the active pointers from PostgreSQL at most every 2 s.
      await until(`the other process serves ${version}`, async () => (await entryOn(other))?.version === version, 6_000);
      expect((await entryOn(other))!.url).toBe(`/remotes/mf-auth/remoteEntry.js?v=${version}`);
      const chunk = await fetch(`${other.url}/remotes/mf-auth/login-${tag}.js`);
      expect(chunk.status).toBe(200);
      expect(await chunk.text()).toContain(JSON.stringify(tag));
    }
  });

  it("a comment made through A is in the yy author's notices read through B", async () => {
    const author = await member('作者');
    const fan = await member('粉丝');
    const yy = await postYy(b, author.token, '等评论的yy');
    expect(yy.status).toBe(200);
    const comment = await call(a, 'POST', '/api/comment/add', { token: fan.token, json: { content: '从A来的评论', weiboId: yy.body.data.weiboId } });
    expect(comment.status, comment.body.msg).toBe(200);

    const notices = await call(b, 'GET', '/api/count/getcomments', { token: author.token });
    expect(notices.status).toBe(200);
    expect(notices.body.data.count).toBe(1);
    expect(notices.body.data.records[0]).toMatchObject({ commentId: comment.body.data.commentId, content: '从A来的评论' });
    // Read on A: B sees it read.
    expect((await call(a, 'POST', '/api/count/clearcomments', { token: author.token })).status).toBe(200);
    expect((await call(b, 'GET', '/api/count/getcomments', { token: author.token })).body.data.count).toBe(0);
  });

  it('a picture uploaded through A is served by B from the shared bucket, and B posts it', async () => {
    const poster = await member('传图的人');
    const form = multipart('file', 'photo.png', 'image/png', await pngImage(120, 80));
    const upload = await call(a, 'POST', '/api/yy/upload', { token: poster.token, body: form.body, headers: { 'content-type': form.contentType } });
    expect(upload.status, upload.body.msg).toBe(200);
    const url = upload.body.data.url as string;

    const stored = await new S3Storage(s3.config).get(url.slice('/uploads/'.length));
    expect(stored).not.toBeNull();
    stored!.body.destroy();
    const fromB = await fetch(b.url + url);
    expect(fromB.status).toBe(200);
    expect(fromB.headers.get('content-type')).toBe('image/webp');
    const fromA = await fetch(a.url + url);
    expect(Buffer.from(await fromB.arrayBuffer()).equals(Buffer.from(await fromA.arrayBuffer()))).toBe(true);
    // B knows the upload (its row is in PostgreSQL) and attaches it to a yy.
    const yy = await call(b, 'POST', '/api/yy/createyy', { token: poster.token, json: { content: '用A传的图', images: [url] } });
    expect(yy.status, yy.body.msg).toBe(200);
  });

  it('kill -9 of B under concurrent writes through both: no acknowledged write is lost, A answers throughout', async () => {
    const WRITERS = 8;
    const WRITES_EACH = 24;
    const KILL_AFTER = 20; // writes B has acknowledged when it is killed
    const writers = await Promise.all(Array.from({ length: WRITERS }, (_, i) => member(`写手${i}`)));
    const victim = await member('写到一半的人');
    // One yy each to comment on (on A, before the storm).
    const targets: number[] = [];
    for (const w of writers) {
      const res = await postYy(a, w.token, `${w.uid}的靶子`);
      expect(res.status).toBe(200);
      targets.push(res.body.data.weiboId);
    }

    const acknowledged = { yy: [] as { id: number; content: string }[], comments: [] as { id: number; content: string }[] };
    const problemsOnA: string[] = [];
    let answeredByA = 0;
    let answeredByAAfterKill = 0;
    let acknowledgedByB = 0;
    let cutOnB = 0;
    let killed = false;

    const write = async (i: number) => {
      const { token, uid } = writers[i]!;
      for (let k = 0; k < WRITES_EACH; k++) {
        const server = (k + i) % 2 === 0 ? a : b;
        if (server === b && killed) continue; // a client would go to the survivor; A gets its own share
        // Every 8th write a yy (3 each, within LIMIT_YY with the target), the others comments on a neighbour's yy.
        const isYy = k % 8 === 7;
        const content = `${uid}写的第${k}条`;
        const afterKill = killed;
        try {
          const res = isYy
            ? await postYy(server, token, content)
            : await call(server, 'POST', '/api/comment/add', { token, json: { content, weiboId: targets[(i + 1) % WRITERS] } });
          if (server === a) {
            answeredByA++;
            if (afterKill) answeredByAAfterKill++;
          }
          if (res.status === 200) {
            if (isYy) acknowledged.yy.push({ id: res.body.data.weiboId, content });
            else acknowledged.comments.push({ id: res.body.data.commentId, content });
            if (server === b) acknowledgedByB++;
          } else if (server === a) problemsOnA.push(`${res.status} ${res.body.msg}`);
        } catch (error) {
          // B's connections are cut by the kill: those writes were never acknowledged.
          if (server === a) problemsOnA.push(String(error));
          else cutOnB++;
        }
      }
    };
    // A reader on A the whole time.
    let writing = true;
    const reads: number[] = [];
    const read = async () => {
      while (writing) {
        reads.push((await call(a, 'GET', '/api/yy/getyy?pageNum=1&pageSize=20', { token: writers[0]!.token })).status);
        await sleep(20);
      }
    };
    const reading = read();
    const storm = Promise.all(writers.map((_, i) => write(i)));

    // Once B has acknowledged some writes: one more write on B is made to wait inside its
    // transaction (yy row inserted, its counter update waiting for a row lock the test holds), so
    // the kill lands on at least one write half done, whatever the timing of the others.
    await until(`B acknowledged ${KILL_AFTER} writes`, async () => acknowledgedByB >= KILL_AFTER);
    const holder = await pool.connect();
    let victimWrite: Promise<Answer | Error>;
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT 1 FROM users WHERE uid = $1 FOR UPDATE', [victim.uid]);
      const holderPid = (await holder.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
      victimWrite = postYy(b, victim.token, '被kill时写到一半的yy').catch((error: Error) => error);
      await until("the victim's write waits inside its transaction on B", async () => {
        const { rows } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))', [holderPid]);
        return rows[0]!.n > 0;
      });
      killed = true;
      b.child.kill('SIGKILL');
    } finally {
      await holder.query('COMMIT');
      holder.release();
    }
    await storm;
    writing = false;
    await reading;

    expect(await b.exited).toBeNull(); // ended by the signal
    expect(b.child.signalCode).toBe('SIGKILL');
    expect(await victimWrite).toBeInstanceOf(Error); // never answered
    expect(problemsOnA).toEqual([]);
    expect(answeredByAAfterKill).toBeGreaterThan(0);
    expect(reads.length).toBeGreaterThan(0);
    expect(reads.every((s) => s === 200)).toBe(true);
    console.log(
      `kill -9: B acknowledged ${acknowledgedByB} writes before it died, ${cutOnB + 1} writes were cut in flight (one of them held inside its transaction); ` +
        `A answered ${answeredByA} writes (${answeredByAAfterKill} after the kill) and ${reads.length} reads, all 200`,
    );

    // Every write that was answered 200 is in the database, as answered.
    const byId = (x: { id: number }, y: { id: number }) => x.id - y.id;
    const yy = await pool.query<{ id: number; content: string }>('SELECT weibo_id AS id, content FROM yy WHERE weibo_id = ANY($1::bigint[])', [
      acknowledged.yy.map((r) => r.id),
    ]);
    expect(yy.rows.sort(byId)).toEqual([...acknowledged.yy].sort(byId));
    const comments = await pool.query<{ id: number; content: string }>(
      'SELECT comment_id AS id, content FROM yy_comments WHERE comment_id = ANY($1::bigint[])',
      [acknowledged.comments.map((r) => r.id)],
    );
    expect(comments.rows.sort(byId)).toEqual([...acknowledged.comments].sort(byId));
    // The half-done write is rolled back whole, its locks are gone: the victim posts through A.
    expect((await postYy(a, victim.token, '换到A接着写')).status).toBe(200);
    const victimRows = await pool.query<{ content: string; yy_count: number }>(
      'SELECT y.content, u.yy_count FROM users u JOIN yy y ON y.uid = u.uid WHERE u.uid = $1',
      [victim.uid],
    );
    expect(victimRows.rows).toEqual([{ content: '换到A接着写', yy_count: 1 }]);
    // No write was half kept: the counters written with the rows agree with the rows.
    const counters = await pool.query<{ bad: number }>(
      `SELECT count(*)::int AS bad FROM users u
        WHERE u.uid = ANY($1::bigint[]) AND u.yy_count <> (SELECT count(*) FROM yy WHERE yy.uid = u.uid)
           OR u.uid IN (SELECT uid FROM yy WHERE weibo_id = ANY($2::bigint[]) AND comment_count <> (SELECT count(*) FROM yy_comments c WHERE c.weibo_id = yy.weibo_id))`,
      [writers.map((w) => w.uid), targets],
    );
    expect(counters.rows[0]!.bad).toBe(0);
  }, 60_000);
});

/** A made-up build of mf-auth (as deploy.test.ts makes them): entry, routes.json with the shell's contract, a hashed chunk. */
function authBuild(tag: string): Record<string, string> {
  const chunk = `login-${tag}.js`;
  return {
    'remoteEntry.js': `/* entry ${tag} */ import('./${chunk}');`,
    'routes.json': JSON.stringify({ name: 'mf_auth', routes: [{ path: '/login', page: 'login', title: '登录', preload: [chunk] }], contract: CONTRACT }),
    [chunk]: `export const page = ${JSON.stringify(tag)};`,
  };
}

function zip(files: Record<string, string>): Promise<Buffer> {
  const z = new yazl.ZipFile();
  for (const [name, data] of Object.entries(files)) z.addBuffer(Buffer.from(data), name);
  z.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    z.outputStream.on('data', (c: Buffer) => chunks.push(c));
    z.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    z.outputStream.on('error', reject);
  });
}
