/**
 * Test data and a fake /api for the yy features. The fake is shared's `fakeServer` (real axios
 * errors, JSON bodies parsed) plus multipart requests, which it cannot read: an upload reaches the
 * handler with `body: { file: { name, type, size } }`.
 */
import { api, YY_PAGE_SIZE, type Page, type Yy, type YyComment } from '@xiaoba/shared';
import { fail, fakeServer, workerNowSeconds, type Call, type Handler } from '@xiaoba/shared/testing';

/** Fixture times count back from the worker's clock start, which every test file's clock starts at. */
export const NOW = workerNowSeconds();

export function yy(over: Partial<Yy> = {}): Yy {
  return {
    weiboId: 1,
    uid: 10001,
    userName: '小巴',
    face: 0,
    avatar: '',
    content: '今天天气真好',
    ctime: NOW - 120,
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
    ...over,
  };
}

export function comment(over: Partial<YyComment> = {}): YyComment {
  return {
    commentId: 1,
    weiboId: 1,
    uid: 10002,
    username: '小明',
    face: 0,
    avatar: '',
    content: '沙发',
    ctime: NOW - 60,
    replyCommentId: 0,
    replyUid: 0,
    replyUsername: '',
    ...over,
  };
}

export function page(records: Yy[], pages = 1, current = 1): Page<Yy> {
  return { records, total: pages > 1 ? pages * YY_PAGE_SIZE : records.length, pages, current, size: YY_PAGE_SIZE };
}

export const images = (...urls: string[]) => ({ type: 'image' as const, data: urls.map((url) => ({ url })) });

/** A fake /api that also answers uploads; returns every call, in order. */
export function yyServer(handler: Handler): Call[] {
  const calls = fakeServer(handler);
  const env = api.defaults.env ?? {};
  const jsonFetch = env.fetch as (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    if (!(request.headers.get('content-type') ?? '').startsWith('multipart/form-data')) return jsonFetch(request);
    const url = new URL(request.url, 'http://localhost');
    const form = await request.formData();
    const file = form.get('file');
    const call: Call = {
      method: request.method.toUpperCase(),
      path: url.pathname.replace(/^\/api/, ''),
      query: Object.fromEntries(url.searchParams),
      auth: request.headers.get('Authorization'),
      body: { file: file instanceof Blob ? { name: (file as File).name, type: file.type, size: file.size } : file },
    };
    calls.push(call);
    const { status = 200, body = { code: status, msg: '' }, headers = {} } = await handler(call);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
  };
  api.defaults.env = { ...env, fetch };
  return calls;
}

/** A yy list page request (a user's or everyone's), as opposed to the panels' own calls. */
export const isListCall = (call: Call) => call.path.startsWith('/yy/getUseryy/') || call.path === '/yy/getyy';

/** What these tests answer to calls of other features (panels, board): not theirs to test here. */
export const elsewhere = () => fail(404, '不存在');

/** A reply the test releases later, to look at loading states. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}
