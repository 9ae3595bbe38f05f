/**
 * Test helpers for every module (imported by tests only, through '@xiaoba/shared/testing').
 *
 * `fakeServer` answers the shared axios instance in memory: it switches the instance to axios's
 * own fetch adapter and hands it a fake `fetch`, so a non-2xx answer becomes the same AxiosError
 * (with its response, status and headers) a real one gives, and the client's 401/refresh logic
 * runs for real. A multipart request (an upload) reaches the handler with each form field in
 * `body`, a file as `{ name, type, size }`. `restoreApi` runs after every test (testing/setup.ts).
 */
import { api, setSessionHooks } from '../index';

export interface Call {
  method: string;
  /** Path below /api, e.g. /user/checkcookie. */
  path: string;
  query: Record<string, string>;
  /** The Authorization header sent, or null. */
  auth: string | null;
  body: unknown;
}

export interface Reply {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** A handler may also throw (or reject) to simulate a network failure. */
export type Handler = (call: Call) => Reply | Promise<Reply>;

const original = { adapter: api.defaults.adapter, env: api.defaults.env };

export function fakeServer(handler: Handler): Call[] {
  const calls: Call[] = [];
  const fakeFetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url, 'http://localhost');
    const call: Call = {
      method: request.method.toUpperCase(),
      path: url.pathname.replace(/^\/api/, ''),
      query: Object.fromEntries(url.searchParams),
      auth: request.headers.get('Authorization'),
      body: await readBody(request),
    };
    calls.push(call);
    const { status = 200, body = { code: status, msg: '' }, headers = {} } = await handler(call);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
  };
  api.defaults.adapter = 'fetch';
  api.defaults.env = { ...api.defaults.env, fetch: fakeFetch };
  return calls;
}

async function readBody(request: Request): Promise<unknown> {
  if ((request.headers.get('content-type') ?? '').startsWith('multipart/form-data')) {
    const form = await request.formData();
    const fields: Record<string, unknown> = {};
    form.forEach((value, key) => {
      fields[key] = value instanceof Blob ? { name: (value as File).name, type: value.type, size: value.size } : value;
    });
    return fields;
  }
  const text = await request.text();
  return text ? JSON.parse(text) : undefined;
}

/** Puts the real adapter back and unhooks any store a test wired into the client. */
export function restoreApi() {
  api.defaults.adapter = original.adapter;
  api.defaults.env = original.env;
  setSessionHooks({ getToken: () => null, setToken: () => {}, onSessionExpired: () => {} });
}

export const ok = (data?: unknown): Reply => ({ status: 200, body: { code: 200, msg: 'ok', data } });
export const fail = (status: number, msg: string, headers: Record<string, string> = {}): Reply => ({
  status,
  body: { code: status, msg },
  headers,
});

/** An in-memory Storage, a fresh one per test. */
export { memoryStorage } from '../store/memory-storage';
