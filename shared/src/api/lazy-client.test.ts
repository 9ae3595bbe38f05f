/**
 * axios is not part of what a page loads first (docs/adr/0012): it is imported on the first
 * request, by preloadApiClient, or once the page is idle. Counted through a mock of 'axios' whose
 * factory runs when the module is actually imported; the idle warm-up is captured, not run, until
 * a test runs it.
 */
import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// This file never imports axios itself (only its types, and the real module through importActual,
// which bypasses the mock), so every run of the mock's factory is the shared package importing it.
const { AxiosError, AxiosHeaders } = await vi.importActual<typeof import('axios')>('axios');
const counts = { axiosImports: 0 };
let idleTasks: (() => void)[] = [];

/** A fresh copy of the shared package, as a page gets it, with its idle warm-up held back. */
async function freshShared() {
  vi.resetModules();
  counts.axiosImports = 0;
  vi.doMock('axios', async (importOriginal) => {
    counts.axiosImports += 1;
    return importOriginal();
  });
  idleTasks = [];
  Object.assign(window, {
    requestIdleCallback: (task: () => void) => idleTasks.push(task),
  });
  return import('../index');
}

function replying(sent: string[], reply: (config: InternalAxiosRequestConfig) => unknown = (c) => c.url): AxiosAdapter {
  return async (config) => {
    sent.push(`${(config.method ?? 'get').toUpperCase()} ${config.url}`);
    return {
      status: 200,
      statusText: 'OK',
      data: { code: 200, msg: 'ok', data: reply(config) },
      headers: new AxiosHeaders(),
      config,
      request: {},
    } as AxiosResponse;
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('axios loads on first use, not with the page', () => {
  beforeEach(() => {
    delete (window as { requestIdleCallback?: unknown }).requestIdleCallback;
  });

  it('importing @xiaoba/shared, reading defaults and errorMessage do not import axios', async () => {
    const shared = await freshShared();
    expect(counts.axiosImports).toBe(0);
    expect(shared.api.defaults.baseURL).toBe('/api');
    expect(shared.api.defaults.timeout).toBe(5000);
    expect(shared.errorMessage({ isAxiosError: true, code: 'ETIMEDOUT' })).toBe('请求超时，请稍后再试');
    expect(shared.errorMessage({ isAxiosError: true, code: 'ERR_CANCELED' })).toBe('请求已取消');
    expect(shared.errorMessage({ isAxiosError: true, code: 'ERR_NETWORK' })).toBe('网络连接失败，请检查网络后再试');
    expect(shared.errorMessage({ isAxiosError: true, response: { data: { code: 400, msg: '邮箱格式有误！' } } })).toBe('邮箱格式有误！');
    await flush();
    expect(counts.axiosImports).toBe(0);
    // The warm-up is scheduled (the page is loaded), not run.
    expect(idleTasks.length).toBeGreaterThan(0);
  });

  it('the first request imports axios once; requests made before it arrives go out in call order', async () => {
    const shared = await freshShared();
    const sent: string[] = [];
    shared.api.defaults.adapter = replying(sent);
    const results = await Promise.all([shared.api.get('/a'), shared.api.post('/b', { x: 1 }), shared.api.request({ url: '/c', method: 'PATCH' })]);
    expect(counts.axiosImports).toBe(1);
    expect(sent).toEqual(['GET /a', 'POST /b', 'PATCH /c']);
    expect(results.map((r) => r.data.data)).toEqual(['/a', '/b', '/c']);
    // The response is axios's own (status, headers, config).
    expect(results[0]?.status).toBe(200);
    expect(results[0]?.config.baseURL).toBe('/api');
    await shared.api.get('/d');
    expect(counts.axiosImports).toBe(1);
  });

  it('defaults set before axios loads are the instance’s; set after, they act on the live instance', async () => {
    const shared = await freshShared();
    const first: string[] = [];
    const second: string[] = [];
    shared.api.defaults.adapter = replying(first);
    await shared.api.get('/one');
    shared.api.defaults.adapter = replying(second);
    await shared.api.get('/two');
    expect(first).toEqual(['GET /one']);
    expect(second).toEqual(['GET /two']);
  });

  it('the idle warm-up imports axios without any request, once', async () => {
    const shared = await freshShared();
    expect(counts.axiosImports).toBe(0);
    for (const task of idleTasks) task();
    await shared.preloadApiClient();
    expect(counts.axiosImports).toBe(1);
    const sent: string[] = [];
    shared.api.defaults.adapter = replying(sent);
    await shared.api.get('/after');
    expect(sent).toEqual(['GET /after']);
    expect(counts.axiosImports).toBe(1);
  });

  it('preloadApiClient starts the import at once and is idempotent', async () => {
    const shared = await freshShared();
    const a = shared.preloadApiClient();
    const b = shared.preloadApiClient();
    await Promise.all([a, b]);
    expect(counts.axiosImports).toBe(1);
    await expect(shared.preloadApiClient()).resolves.toBeUndefined();
    expect(counts.axiosImports).toBe(1);
  });

  it('a picture upload reports progress through the lazily loaded client', async () => {
    const shared = await freshShared();
    const seen: number[] = [];
    shared.api.defaults.adapter = async (config) => {
      // What axios's XHR adapter does while the body goes out.
      config.onUploadProgress?.({ loaded: 50, total: 100, bytes: 50, lengthComputable: true });
      config.onUploadProgress?.({ loaded: 100, total: 100, bytes: 50, lengthComputable: true });
      expect(config.timeout).toBe(120_000);
      expect(config.data).toBeInstanceOf(FormData);
      return {
        status: 200,
        statusText: 'OK',
        data: { code: 200, msg: '上传成功', data: { url: '/img/1.png' } },
        headers: new AxiosHeaders(),
        config,
        request: {},
      } as AxiosResponse;
    };
    const file = new File([new Uint8Array(10)], 'a.png', { type: 'image/png' });
    const result = await shared.uploadFile<{ url: string }>('/upload/yy', file, {
      onProgress: (f) => seen.push(f),
      accept: (d): d is { url: string } => typeof d?.url === 'string',
      failed: '上传失败',
    });
    expect(result).toEqual({ ok: true, data: { url: '/img/1.png' }, message: '上传成功' });
    expect(seen).toEqual([0.5, 1]);
    expect(counts.axiosImports).toBe(1);
  });
});

describe('a failed download of the client', () => {
  it('rejects the request as a network failure, and the next request imports again and is sent', async () => {
    const { createApiClient, errorMessage } = await freshShared();
    const real = await vi.importActual<typeof import('axios')>('axios');
    let attempts = 0;
    const sent: string[] = [];
    const { client } = createApiClient({
      adapter: replying(sent),
      loadAxios: async () => {
        attempts += 1;
        if (attempts === 1) throw new TypeError('Failed to fetch dynamically imported module');
        return real;
      },
    });
    const error = await client.get('/yy/getyy').catch((e: unknown) => e);
    expect(errorMessage(error)).toBe('网络连接失败，请检查网络后再试');
    // What RTK Query's base query reads: no HTTP status.
    expect((error as { response?: unknown }).response).toBeUndefined();
    expect(sent).toEqual([]);

    const res = await client.get('/yy/getyy');
    expect(res.data.data).toBe('/yy/getyy');
    expect(attempts).toBe(2);
    expect(sent).toEqual(['GET /yy/getyy']);
  });

  it('the refresh flow still works on a client created lazily (401 access, one refresh, retry)', async () => {
    const { createApiClient } = await freshShared();
    const sent: string[] = [];
    const adapter: AxiosAdapter = async (config) => {
      const auth = AxiosHeaders.from(config.headers).get('Authorization');
      sent.push(`${config.url} ${String(auth ?? '-')}`);
      const response = (status: number, data: unknown, headers: Record<string, string> = {}) =>
        ({ status, statusText: String(status), data, headers: new AxiosHeaders(headers), config, request: {} }) as AxiosResponse;
      if (config.url === '/user/refresh') return response(200, { code: 200, msg: 'ok', data: { token: 'new' } });
      if (auth === 'Bearer new') return response(200, { code: 200, msg: 'ok', data: 1 });
      throw new AxiosError('401', AxiosError.ERR_BAD_REQUEST, config, {}, response(401, { code: 401, msg: '' }, { 'x-error-type': 'access' }));
    };
    const { client, setSessionHooks } = createApiClient({ adapter });
    let token = 'old';
    setSessionHooks({ getToken: () => token, setToken: (t) => (token = t), onSessionExpired: () => {} });
    const res = await client.get('/user/getinfo');
    expect(res.data.data).toBe(1);
    expect(sent).toEqual(['/user/getinfo Bearer old', '/user/refresh -', '/user/getinfo Bearer new']);
  });
});
