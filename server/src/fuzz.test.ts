/**
 * Walks every operation of GET /api/openapi.json with a corpus of bad input (docs/api.md "OpenAPI
 * document and validation"): missing, extra and wrongly typed fields, huge and negative numbers,
 * 1e3, 0x10, empty and 100 KB strings, NUL bytes, odd Unicode, malformed JSON, wrong content types,
 * oversized bodies, bad multipart uploads, ids of another user's things, no token and an expired
 * one. Every answer must be below 500 and every failure the `{code, msg}` envelope; input the
 * schema refuses must be a 400. It also checks that the document lists exactly the routes the app
 * registered, each with a schema: a new route without one fails here.
 */
import Ajv, { type ValidateFunction } from 'ajv';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TokenSigner } from './api/auth/tokens';
import type { ApiRoute } from './api/http/openapi';
import { startTestApp, TEST_JWT_SECRET, type TestApp } from './test/helpers';
import { member, multipart, NO_POST_LIMITS, pngImage, type Member } from './test/yy';

type Json = Record<string, any>;
interface Operation {
  method: string;
  path: string;
  op: Json;
}
interface Case {
  label: string;
  /** What the answer must be, beyond "below 500, failures enveloped". */
  expect?: number | '4xx';
  url: string;
  headers?: Record<string, string>;
  payload?: string | Buffer;
}

let t: TestApp;
let alice: Member;
let bob: Member;
/** A moderator: the /api/mod/* routes answer anyone else as unknown routes (404), so they are fuzzed as one. */
let moderator: Member;
let doc: Json;
let operations: Operation[];
/** Bob's things: the ids Alice's requests name (another user's, so deletes must be refused). */
const bobs: Record<string, string> = {};
let expiredToken: string;
/** Alice's own album: the multipart upload into it is hers to make. */
let alicesAlbum: number;

const signer = new TokenSigner(new TextEncoder().encode(TEST_JWT_SECRET));

beforeAll(async () => {
  t = await startTestApp({
    ...NO_POST_LIMITS,
    boardLimits: { leaves: 0, replies: 0 },
    rateLimits: { user: 0, anon: 0, register: 0 },
    scripsPerWindow: 0,
  });
  alice = await member(t, '小爱');
  bob = await member(t, '小波');
  moderator = await member(t, '管理员');
  await t.pool.query(`UPDATE users SET role = 'moderator' WHERE uid = $1`, [moderator.uid]);
  const yy = (await bob.call('POST', '/api/yy/createyy', { content: '鲍勃的yy' })).json().data;
  const comment = (await bob.call('POST', '/api/comment/add', { weiboId: yy.weiboId, content: '鲍勃的评论' })).json().data;
  const leave = (await bob.call('POST', '/api/leave/add', { fuid: bob.uid, content: '鲍勃的留言' })).json().data;
  const reply = (await bob.call('POST', '/api/leaveReply/add', { leaveId: leave.id, content: '鲍勃的回复' })).json().data;
  // Notes: the moderator follows Alice and Bob, so both may write to them (the fuzzing of
  // block/add and follow/remove touches Bob only); Bob's note to the moderator, who reported it, is
  // one Alice never sees and the moderators' view may read.
  for (const [who, whom] of [
    [moderator, alice],
    [moderator, bob],
  ] as const)
    await t.pool.query('INSERT INTO follows (uid, followed_uid) VALUES ($1, $2)', [who.uid, whom.uid]);
  const scrip = (await bob.call('POST', '/api/scrip/send', { toUid: moderator.uid, content: '鲍勃的小纸条' })).json().data;
  // Bob's public album with a photo (Alice may see, not change it), and Alice's own to upload into.
  const album = (await bob.call('POST', '/api/album/create', { name: '鲍勃的相册', visibility: 'public' })).json().data;
  const photoForm = multipart('file', 'a.png', 'image/png', await pngImage(8, 8));
  const photo = (
    await t.app.inject({
      method: 'POST',
      url: `/api/album/upload?albumId=${album.albumId}`,
      payload: photoForm.body,
      headers: { authorization: `Bearer ${bob.token}`, 'content-type': photoForm.contentType },
    })
  ).json().data;
  alicesAlbum = (await alice.call('POST', '/api/album/create', { name: '爱丽丝的相册' })).json().data.albumId;
  await moderator.call('POST', '/api/report/add', { kind: 'scrip', id: scrip.scripId, reason: 'spam' });
  Object.assign(bobs, {
    uid: String(bob.uid),
    fuid: String(bob.uid),
    weiboId: String(yy.weiboId),
    commentId: String(comment.commentId),
    leaveId: String(leave.id),
    replyId: String(reply.id),
    scripId: String(scrip.scripId),
    toUid: String(moderator.uid),
    albumId: String(album.albumId),
    photoId: String(photo.photoId),
  });
  expiredToken = await signer.signAccess(alice.uid, -60);
  GOOD_TEXT.username = String(alice.uid); // her 米米号, with her password: login succeeds
  doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  operations = Object.entries(doc.paths as Json).flatMap(([path, item]) =>
    Object.entries(item as Json).map(([method, op]) => ({ method: method.toUpperCase(), path, op: op as Json })),
  );
}, 60_000);
afterAll(() => t.close());

// ---- the corpus -------------------------------------------------------------------------------

const BIG_STRING = 'x'.repeat(100 * 1024);
/** Values put in a path or query string (percent-encoded where needed). */
const STRING_VALUES: [string, string][] = [
  ['empty', ''],
  ['zero', '0'],
  ['negative', '-1'],
  ['exponent', '1e3'],
  ['hex', '0x10'],
  ['fraction', '1.5'],
  ['leading zero', '01'],
  ['plus sign', '+1'],
  ['space', '%201'],
  ['huge', '99999999999999999999999'],
  ['past int4', '2147483648'],
  ['15 digits', '999999999999999'],
  ['unsafe integer', '9007199254740993'],
  ['word', 'abc'],
  ['NUL', '%00'],
  ['NUL after digits', '1%00'],
  ['RTL override', '%E2%80%AE1'],
  ['emoji', '%F0%9F%98%80'],
  ['invalid UTF-8', '%FF%FE'],
  ['lone surrogate', '%ED%A0%80'],
  ['SQL', "1'%20OR%20'1'='1"],
  ['long', '1'.repeat(3000)],
];
/** Values put in a JSON body field. */
const JSON_VALUES: [string, unknown][] = [
  ['null', null],
  ['true', true],
  ['zero', 0],
  ['negative', -1],
  ['huge number', 1e308],
  ['negative huge', -1e308],
  ['fraction', 1.5],
  ['unsafe integer', 9007199254740994],
  ['past int4', 2147483648],
  ['largest safe integer', Number.MAX_SAFE_INTEGER],
  ['exponent string', '1e3'],
  ['hex string', '0x10'],
  ['number string', '1'],
  ['empty string', ''],
  ['spaces', '   \n\t '],
  ['NUL bytes', 'a\u0000b\u0000'],
  ['lone surrogate', '\ud800x\udfff'],
  ['RTL and zero width', '\u202e\u200b\u200d\ufeff'],
  ['combining marks', 'e\u0301\u0301\u0301\u0301\u0301'],
  ['astral', '𝕏😀'.repeat(200)],
  ['HTML', '<script>alert(1)</script><img src=x onerror=alert(1)>'],
  ['emoji codes', '[b12][m1][x999]'],
  ['8 KB string', 'y'.repeat(8 * 1024)],
  ['empty array', []],
  ['array', [1, 'a', null]],
  ['empty object', {}],
  ['object', { a: { b: [1] } }],
];
/** Whole bodies that are no JSON object. */
const RAW_BODIES: [string, string | Buffer][] = [
  ['truncated object', '{'],
  ['truncated field', '{"a":'],
  ['trailing comma', '{"a":1,}'],
  ['single quotes', "{'a':1}"],
  ['NaN', '{"a":NaN}'],
  ['bare word', 'hello'],
  ['NUL byte', '\u0000'],
  ['invalid UTF-8', Buffer.from([0x7b, 0xff, 0xfe, 0x3a, 0x31, 0x7d])],
  ['__proto__', '{"__proto__":{"isAdmin":true}}'],
  ['constructor.prototype', '{"constructor":{"prototype":{"isAdmin":true}}}'],
  ['array', '[1,2,3]'],
  ['string', '"text"'],
  ['number', '42'],
  ['true', 'true'],
  ['deep nesting', '['.repeat(5000) + ']'.repeat(5000)],
  ['17 KB object', JSON.stringify({ content: 'z'.repeat(17 * 1024) })],
  ['100 KB string', JSON.stringify({ content: BIG_STRING })],
];
const WRONG_TYPES: [string, string, string][] = [
  ['text/plain', 'text/plain', '{"a":1}'],
  ['form', 'application/x-www-form-urlencoded', 'a=1&b=2'],
  ['xml', 'application/xml', '<a>1</a>'],
  ['multipart', 'multipart/form-data; boundary=xyz', '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--xyz--\r\n'],
  ['json with a strange charset', 'application/json; charset=utf-7', '{}'],
  ['no type', '', '{"a":1}'],
];

// ---- building requests from the document ------------------------------------------------------

const params = (op: Json, where: 'path' | 'query' | 'cookie'): Json[] => ((op.parameters ?? []) as Json[]).filter((p) => p.in === where);
const jsonBodySchema = (op: Json): Json | undefined => op.requestBody?.content?.['application/json']?.schema;
const isMultipart = (op: Json): boolean => Boolean(op.requestBody?.content?.['multipart/form-data']);
/** The 200 is an event stream (text/event-stream), not JSON. */
const isStream = (op: Json): boolean => Boolean(op.responses?.['200']?.content?.['text/event-stream']);
const needsAuth = (op: Json): boolean => Array.isArray(op.security) && op.security.length > 0 && !signedOutToo(op);
/** A read a signed-out caller may make too (`security: [{}, {bearer: []}]`): a bad token is still refused. */
const signedOutToo = (op: Json): boolean => Array.isArray(op.security) && op.security.some((s: Json) => Object.keys(s).length === 0);

/** A value the route takes for a path or query parameter: Bob's things, or what the schema allows. */
function goodParam(name: string, schema: Json, where: string): string {
  if (name === 'id') return where === 'path' ? bobs.uid! : bobs.replyId!; // a user in a path, a reply in a query
  if (bobs[name]) return bobs[name]!;
  if (Array.isArray(schema.enum)) return String(schema.enum.find((v: unknown) => v !== '') ?? schema.enum[0]);
  if (name === 'pageNum' || name === 'pageSize' || name === 'num') return '1';
  if (schema.pattern) return '1';
  return 'ok';
}

/** Texts that pass the shared rules, so a bad value in another field reaches the database. */
const GOOD_TEXT: Record<string, string> = {
  birthday: '2000-01-02',
  password: 'secret123',
  lockedPassword: 'secret123',
  email: 'fuzz@example.com',
  username: 'fuzz@example.com',
  uname: '小测试',
  name: '小测试',
};

/** A body the route accepts as well formed: Bob's things as ids, short texts. */
function goodBody(schema: Json | undefined): Json {
  const body: Json = {};
  for (const [name, field] of Object.entries((schema?.properties ?? {}) as Json)) {
    if (bobs[name]) body[name] = Number(bobs[name]);
    else if (field.type === 'string') body[name] = GOOD_TEXT[name] ?? (name === 'content' ? `模糊测试 ${Math.random()}` : '测试');
    else if (field.type === 'number' || field.type === 'integer') body[name] = /^(reply|transpond)/.test(name) ? 0 : 1;
    else if (field.type === 'array') body[name] = [];
  }
  return body;
}

/** Whether a JSON value has the type a (documented) field schema asks for. */
function typeFits(value: unknown, field: Json): boolean {
  if (value === null) return field.nullable === true;
  switch (field.type) {
    case 'string':
      return (
        typeof value === 'string' &&
        (typeof field.pattern !== 'string' || new RegExp(field.pattern, 'u').test(value)) &&
        (typeof field.not?.pattern !== 'string' || !new RegExp(field.not.pattern, 'u').test(value))
      );
    case 'number':
      return typeof value === 'number';
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'array':
      return Array.isArray(value) && (!field.items?.type || value.every((v) => typeFits(v, field.items)));
    case 'boolean':
      return typeof value === 'boolean';
    case 'object':
      return typeof value === 'object' && !Array.isArray(value);
    default:
      return true;
  }
}

function url(operation: Operation, pathValues: Json, query: [string, string][]): string {
  const path = operation.path.replace(/\{(\w+)\}/g, (_m, name: string) => pathValues[name] ?? '1');
  const qs = query.map(([k, v]) => `${k}=${v}`).join('&');
  return qs ? `${path}?${qs}` : path;
}

function casesFor(operation: Operation, token: string): Case[] {
  const { op } = operation;
  const bearer = { authorization: `Bearer ${token}` };
  const pathParams = params(op, 'path');
  const queryParams = params(op, 'query');
  const goodPath: Json = Object.fromEntries(pathParams.map((p) => [p.name, goodParam(p.name, p.schema, p.in)]));
  const goodQuery: [string, string][] = queryParams.map((p) => [p.name, goodParam(p.name, p.schema, p.in)]);
  const base = url(operation, goodPath, goodQuery);
  const bodySchema = jsonBodySchema(op);
  const good = goodBody(bodySchema);
  const withBody = (payload: string | Buffer, type = 'application/json'): Pick<Case, 'headers' | 'payload'> => ({
    headers: { ...bearer, ...(type ? { 'content-type': type } : {}) },
    payload,
  });
  // The well-formed request first: its 200 (when it gets one) is checked against the document.
  const cases: Case[] = [{ label: 'well formed', url: base, ...(bodySchema ? withBody(JSON.stringify(good)) : { headers: bearer }) }];

  if (needsAuth(op)) {
    // The moderators' routes answer a caller without a moderator's token as an unknown route.
    const refused = operation.path.startsWith('/api/mod/') ? 404 : 401;
    cases.push(
      { label: 'no token', expect: refused, url: base },
      { label: 'expired token', expect: refused, url: base, headers: { authorization: `Bearer ${expiredToken}` } },
      { label: 'forged token', expect: refused, url: base, headers: { authorization: `Bearer ${token.slice(0, -4)}AAAA` } },
      { label: 'not a bearer', expect: refused, url: base, headers: { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` } },
    );
  }
  if (signedOutToo(op)) {
    cases.push(
      { label: 'no token (signed out)', url: base },
      { label: 'expired token', expect: 401, url: base, headers: { authorization: `Bearer ${expiredToken}` } },
      { label: 'forged token', expect: 401, url: base, headers: { authorization: `Bearer ${token.slice(0, -4)}AAAA` } },
    );
  }

  // Path and query values: one parameter bad at a time, the others good.
  for (const p of [...pathParams, ...queryParams]) {
    const inPath = p.in === 'path';
    for (const [label, value] of STRING_VALUES) {
      if (inPath && value === '') continue; // another route, not a bad value
      // A path that does not decode is refused by the router; the query parser keeps such text as it is.
      const decoded = inPath ? safeDecode(value) : (safeDecode(value) ?? value);
      const refused = typeof p.schema.pattern === 'string' && (decoded === null || !new RegExp(p.schema.pattern).test(decoded));
      const refusedByEnum = Array.isArray(p.schema.enum) && !p.schema.enum.includes(decoded);
      const u = inPath
        ? url(operation, { ...goodPath, [p.name]: value }, goodQuery)
        : url(
            operation,
            goodPath,
            goodQuery.map(([k, v]) => [k, k === p.name ? value : v] as [string, string]),
          );
      // Past 100 characters the router finds no route for a path value: 404 接口不存在.
      const expect = refused || refusedByEnum ? (inPath && value.length > 100 ? '4xx' : 400) : undefined;
      cases.push({ label: `${p.in} ${p.name}: ${label}`, expect, url: u, headers: bearer });
    }
    if (!inPath) {
      const others = goodQuery.filter(([k]) => k !== p.name);
      const v = goodParam(p.name, p.schema, p.in);
      cases.push(
        { label: `query ${p.name}: missing`, expect: p.required ? 400 : undefined, url: url(operation, goodPath, others), headers: bearer },
        { label: `query ${p.name}: twice`, expect: 400, url: url(operation, goodPath, [...goodQuery, [p.name, v]]), headers: bearer },
        { label: `query ${p.name}: as an array name`, url: url(operation, goodPath, [...others, [`${p.name}[]`, v]]), headers: bearer },
      );
    }
  }
  // Cookies the handler reads (the refresh token, the registration ticket): any value, no 500.
  for (const p of params(op, 'cookie')) {
    for (const [label, value] of [...STRING_VALUES, ['base64url-like', 'A'.repeat(43)], ['a JWT', token]] as [string, string][]) {
      const goodBody = bodySchema ? { payload: JSON.stringify(good), 'content-type': 'application/json' } : null;
      cases.push({
        label: `cookie ${p.name}: ${label}`,
        url: base,
        headers: { cookie: `${p.name}=${value}`, ...(goodBody ? { 'content-type': goodBody['content-type'] } : {}) },
        payload: goodBody?.payload,
      });
    }
  }
  if (queryParams.length > 0 || pathParams.length > 0) {
    cases.push({ label: 'extra query values', url: url(operation, goodPath, [...goodQuery, ['extra', '1'], ['__proto__', 'x']]), headers: bearer });
  }

  if (bodySchema) {
    const properties = (bodySchema.properties ?? {}) as Json;
    for (const [name, field] of Object.entries(properties)) {
      const { [name]: _dropped, ...without } = good;
      cases.push({ label: `body ${name}: missing`, url: base, ...withBody(JSON.stringify(without)) });
      for (const [label, value] of JSON_VALUES) {
        cases.push({
          label: `body ${name}: ${label}`,
          expect: typeFits(value, field) ? undefined : 400,
          url: base,
          ...withBody(JSON.stringify({ ...good, [name]: value })),
        });
      }
    }
    cases.push(
      { label: 'body: extra fields', url: base, ...withBody(JSON.stringify({ ...good, extra: 'x', isAdmin: true, uid: 1 })) },
      { label: 'body: empty object', url: base, ...withBody('{}') },
      { label: 'body: none', url: base, headers: bearer },
    );
    for (const [label, raw] of RAW_BODIES) {
      // null/absent is allowed only where the schema says nullable (POST /api/count/clearcomments).
      cases.push({ label: `raw body: ${label}`, expect: '4xx', url: base, ...withBody(raw) });
    }
    for (const [label, type, raw] of WRONG_TYPES) {
      // The charset parameter is not looked at: '{}' is a good body where every field is optional.
      cases.push({ label: `content type: ${label}`, expect: type.includes('charset') ? undefined : '4xx', url: base, ...withBody(raw, type) });
    }
  }
  return cases;
}

function safeDecode(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

// The document's own keywords (x-msg, format: binary) are annotations here.
const ajv = new Ajv({ strict: false, validateFormats: false, allErrors: false });
const successValidators = new Map<Operation, ValidateFunction | null>();

/** The check of the operation's documented 200 JSON answer. */
function successValidator(operation: Operation): ValidateFunction | null {
  if (!successValidators.has(operation)) {
    const schema = operation.op.responses?.['200']?.content?.['application/json']?.schema;
    successValidators.set(operation, schema ? ajv.compile(schema) : null);
  }
  return successValidators.get(operation)!;
}

/**
 * Below 500; a failure is exactly `{code: status, msg}` with a message to show; a JSON 200 is the
 * success envelope and matches the answer the document describes (so the documented types are true).
 */
function checkAnswer(res: LightMyRequestResponse, where: string, expected: Case['expect'], problems: string[], validate?: ValidateFunction | null): void {
  const status = res.statusCode;
  if (status >= 500) {
    problems.push(`${where}: ${status} ${res.body.slice(0, 200)}`);
    return;
  }
  if (expected === '4xx' && (status < 400 || status >= 500)) problems.push(`${where}: expected a 4xx, got ${status}`);
  if (typeof expected === 'number' && status !== expected) problems.push(`${where}: expected ${expected}, got ${status} ${res.body.slice(0, 120)}`);
  if (status === 200 && String(res.headers['content-type']).startsWith('application/json') && !where.includes('/api/openapi.json')) {
    const b = res.json() as Json;
    if (b.code !== 200 || typeof b.msg !== 'string') problems.push(`${where}: 200 answered ${res.body.slice(0, 120)}`);
    else if (validate && !validate(b)) {
      problems.push(`${where}: 200 not as documented: ${ajv.errorsText(validate.errors)} in ${res.body.slice(0, 160)}`);
    }
  }
  if (status >= 400) {
    let body: unknown;
    try {
      body = res.json();
    } catch {
      problems.push(`${where}: ${status} without a JSON body: ${res.body.slice(0, 120)}`);
      return;
    }
    const b = body as Json;
    const keys = Object.keys(b).sort().join(',');
    if (keys !== 'code,msg' || b.code !== status || typeof b.msg !== 'string' || b.msg.trim() === '') {
      problems.push(`${where}: ${status} answered ${res.body.slice(0, 120)}`);
    } else if (!/[\u4e00-\u9fff]/.test(b.msg)) {
      problems.push(`${where}: ${status} message not in Chinese: ${b.msg}`);
    }
  }
}

const stats = { requests: 0, byStatus: new Map<number, number>(), answered200: new Set<string>() };

async function run(operation: Operation, cases: Case[], problems: string[]): Promise<void> {
  for (const c of cases) {
    const res = await t.app.inject({ method: operation.method as 'GET', url: c.url, headers: c.headers, payload: c.payload });
    stats.requests += 1;
    stats.byStatus.set(res.statusCode, (stats.byStatus.get(res.statusCode) ?? 0) + 1);
    if (res.statusCode === 200) stats.answered200.add(`${operation.method} ${operation.path}`);
    checkAnswer(res, `${operation.method} ${operation.path} [${c.label}] ${c.url.slice(0, 80)}`, c.expect, problems, successValidator(operation));
  }
}

// ---- the tests ---------------------------------------------------------------------------------

describe('the OpenAPI document against the app', () => {
  it('lists exactly the /api routes the app registered, each with a schema', () => {
    const registered: ApiRoute[] = t.app.apiRoutes;
    const fromApp = new Set(registered.map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`));
    const fromDoc = new Set(operations.map((o) => `${o.method} ${o.path}`));
    expect([...fromDoc].sort()).toEqual([...fromApp].sort());
    const lacking = registered
      .filter((r) => {
        const s = r.schema;
        if (!s || typeof s.summary !== 'string' || !Array.isArray(s.tags) || s.tags.length === 0 || !s.response) return true;
        // A path with parameters describes them (pattern, message).
        return r.url.includes(':') && !s.params;
      })
      .map((r) => `${r.method} ${r.url}`);
    expect(lacking, 'routes without a schema (summary, tags, response, params)').toEqual([]);
    expect(registered.length).toBeGreaterThan(25);
  });
});

describe('fuzzing every operation', () => {
  it('answers a 4xx envelope, never a 500, to bad input on every JSON route', async () => {
    const problems: string[] = [];
    for (const operation of operations.filter((o) => !isMultipart(o.op))) {
      // An event stream (GET /api/live/stream) answers 200 and never ends by itself: it gets a token
      // that expires within 2 s, which ends it (the server ends a stream when its token expires).
      const token = isStream(operation.op) ? await signer.signAccess(alice.uid, 2) : operation.path.startsWith('/api/mod/') ? moderator.token : alice.token;
      await run(operation, casesFor(operation, token), problems);
    }
    expect(stats.answered200, 'the event stream was opened').toContain('GET /api/live/stream');
    expect(problems).toEqual([]);
  }, 120_000);

  it('answers a 4xx envelope to bad uploads on every multipart route (bad files, no file, wrong field)', async () => {
    const problems: string[] = [];
    const png = await pngImage(8, 8);
    const bearer = { authorization: `Bearer ${alice.token}` };
    const form = (field: string, filename: string, type: string, data: Buffer) => {
      const f = multipart(field, filename, type, data);
      return { headers: { ...bearer, 'content-type': f.contentType }, payload: f.body };
    };
    const twoFiles = (() => {
      const b = 'xbfuzz';
      const part = (name: string) => `--${b}\r\nContent-Disposition: form-data; name="${name}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
      const body = Buffer.concat([Buffer.from(part('file')), png, Buffer.from('\r\n' + part('file')), png, Buffer.from(`\r\n--${b}--\r\n`)]);
      return { headers: { ...bearer, 'content-type': `multipart/form-data; boundary=${b}` }, payload: body };
    })();
    const uploads = operations.filter((o) => isMultipart(o.op));
    expect(uploads.map((o) => o.path)).toEqual(expect.arrayContaining(['/api/api/avatar/upload', '/api/yy/upload', '/api/album/upload']));
    for (const operation of uploads) {
      // An album's upload names the album: Alice's own.
      const u = operation.path === '/api/album/upload' ? `${operation.path}?albumId=${alicesAlbum}` : operation.path;
      // What every upload refuses, whatever it takes.
      const cases: Case[] = [
        ...(u === '/api/import' ? [] : [{ label: 'a good picture', expect: 200, url: u, ...form('file', 'a.png', 'image/png', png) } as Case]),
        {
          label: 'no token',
          expect: 401,
          url: u,
          payload: form('file', 'a.png', 'image/png', png).payload,
          headers: { 'content-type': form('file', 'a.png', 'image/png', png).headers['content-type'] },
        },
        { label: 'expired token', expect: 401, url: u, headers: { authorization: `Bearer ${expiredToken}` } },
        { label: 'no body', expect: 400, url: u, headers: bearer },
        { label: 'JSON instead', expect: 400, url: u, headers: { ...bearer, 'content-type': 'application/json' }, payload: '{"file":"x"}' },
        { label: 'wrong field', expect: 400, url: u, ...form('picture', 'a.png', 'image/png', png) },
        { label: 'empty file', expect: 400, url: u, ...form('file', 'a.png', 'image/png', Buffer.alloc(0)) },
        { label: 'text file', expect: '4xx', url: u, ...form('file', 'a.png', 'image/png', Buffer.from('hello, not a picture')) },
        { label: 'NUL bytes', expect: '4xx', url: u, ...form('file', 'a.zip', 'application/zip', Buffer.alloc(1000)) },
        { label: 'no boundary', expect: '4xx', url: u, headers: { ...bearer, 'content-type': 'multipart/form-data' }, payload: 'x' },
        {
          label: 'broken multipart',
          expect: '4xx',
          url: u,
          headers: { ...bearer, 'content-type': 'multipart/form-data; boundary=q' },
          payload: '--q\r\nbroken',
        },
      ];
      if (u !== '/api/import') {
        // The picture uploads: docs/api.md's messages for each kind of bad picture.
        cases.push(
          {
            label: 'SVG with script',
            expect: 415,
            url: u,
            ...form('file', 'a.svg', 'image/svg+xml', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')),
          },
          { label: 'truncated PNG', expect: 400, url: u, ...form('file', 'a.png', 'image/png', png.subarray(0, 40)) },
          { label: 'PNG header only', expect: '4xx', url: u, ...form('file', 'a.png', 'image/png', png.subarray(0, 8)) },
          { label: 'NUL and odd file name', url: u, ...form('file', 'a\u0000\u202e.png', 'image/png', png) },
          // The first file is taken, the second never read (the parts limit): no error, no 500.
          { label: 'two files', url: u, ...twoFiles },
          { label: 'over 5 MB', expect: 413, url: u, ...form('file', 'a.png', 'image/png', Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024 + 1)])) },
        );
      }
      await run(operation, cases, problems);
    }
    expect(problems).toEqual([]);
  }, 60_000);

  it("refuses Alice on Bob's things, and unknown methods and paths, with the envelope", async () => {
    const problems: string[] = [];
    const bearer = { authorization: `Bearer ${alice.token}` };
    const owned: [string, string, number][] = [
      ['DELETE', `/api/yy/deleteyy?weiboId=${bobs.weiboId}`, 403],
      ['DELETE', `/api/comment/delete?commentId=${bobs.commentId}`, 403],
      ['DELETE', `/api/leave/delete?leaveId=${bobs.leaveId}`, 403],
      ['DELETE', `/api/leaveReply/delete?id=${bobs.replyId}`, 403],
      ['DELETE', `/api/scrip/delete?scripId=${bobs.scripId}`, 404],
      ['DELETE', `/api/album/photo?photoId=${bobs.photoId}`, 403],
      ['DELETE', `/api/album/delete?albumId=${bobs.albumId}`, 403],
      ['POST', '/api/leaveReply/add', 403],
    ];
    for (const [method, u, status] of owned) {
      const payload = method === 'POST' ? { leaveId: Number(bobs.leaveId), content: '插话' } : undefined;
      const res = await t.app.inject({ method: method as 'GET', url: u, headers: bearer, payload });
      checkAnswer(res, `${method} ${u}`, status, problems);
    }
    for (const o of operations) {
      const res = await t.app.inject({ method: 'PUT', url: o.path.replace(/\{\w+\}/g, '1'), headers: bearer, payload: {} });
      checkAnswer(res, `PUT ${o.path}`, 404, problems);
    }
    // The HEAD Fastify adds beside every GET: no body, never a 500.
    for (const o of operations.filter((op) => op.method === 'GET')) {
      const res = await t.app.inject({ method: 'HEAD', url: o.path.replace(/\{\w+\}/g, bobs.uid!), headers: bearer });
      if (res.statusCode >= 500 || res.body !== '') problems.push(`HEAD ${o.path}: ${res.statusCode} ${res.body.slice(0, 80)}`);
    }
    // Bob's things are all still there.
    const comments = (await bob.call('GET', `/api/comment/getComment?weiboId=${bobs.weiboId}`)).json();
    expect(comments.data.map((c: Json) => String(c.commentId))).toContain(bobs.commentId);
    expect(problems).toEqual([]);
  });

  afterAll(() => {
    const byStatus = [...stats.byStatus.entries()].sort(([a], [b]) => a - b).map(([s, n]) => `${s}:${n}`);
    console.info(`fuzz: ${stats.requests} requests over ${operations.length} operations; by status ${byStatus.join(' ')}`);
    const never = operations.map((o) => `${o.method} ${o.path}`).filter((o) => !stats.answered200.has(o));
    console.info(`fuzz: operations whose documented 200 was never seen (not checked against it): ${never.join(', ')}`);
  });
});
