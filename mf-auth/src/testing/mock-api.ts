/**
 * Test helper: answers the shared axios instance in memory. It keeps axios's own fetch adapter
 * (so 4xx/5xx become the same AxiosError a real answer gives) and hands it a fake `fetch`
 * through `config.env.fetch`, recording every call. No direct axios import: modules reach
 * axios only through @xiaoba/shared (docs/adr/0004).
 */
import { api } from '@xiaoba/shared';

export interface ApiCall {
  method: string;
  /** Path below /api, e.g. /user/login. */
  url: string;
  data: unknown;
}

export interface ApiReply {
  status?: number;
  body: unknown;
}

const original = { adapter: api.defaults.adapter, env: api.defaults.env };

export function mockApi(handler: (call: ApiCall) => ApiReply | Promise<ApiReply>): ApiCall[] {
  const calls: ApiCall[] = [];
  const fakeFetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    const text = await request.text();
    const call: ApiCall = {
      method: request.method.toUpperCase(),
      url: new URL(request.url).pathname.replace(/^\/api/, ''),
      data: text ? JSON.parse(text) : undefined,
    };
    calls.push(call);
    const { status = 200, body } = await handler(call);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  };
  api.defaults.adapter = 'fetch';
  api.defaults.env = { ...api.defaults.env, fetch: fakeFetch };
  return calls;
}

export function resetApi() {
  api.defaults.adapter = original.adapter;
  api.defaults.env = original.env;
}
