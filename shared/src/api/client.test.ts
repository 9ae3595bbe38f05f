import { AxiosError, AxiosHeaders, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it, vi } from 'vitest';
import { createApiClient, errorMessage, REFRESH_URL } from './client';

interface Reply {
  status: number;
  data?: unknown;
  headers?: Record<string, string>;
  /** Milliseconds before the reply arrives. */
  delay?: number;
}

interface Sent {
  method: string;
  url: string;
  auth: string | null;
}

/**
 * A client whose network is `handler`: the fake adapter settles like axios' own adapters do
 * (2xx resolves, anything else rejects with an AxiosError carrying the response).
 */
function setup(handler: (sent: Sent) => Reply, initialToken: string | null = 'old') {
  const sent: Sent[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const request: Sent = {
      method: (config.method ?? 'get').toUpperCase(),
      url: config.url ?? '',
      auth: (AxiosHeaders.from(config.headers).get('Authorization') as string | undefined) ?? null,
    };
    sent.push(request);
    const reply = handler(request);
    await new Promise((resolve) => setTimeout(resolve, reply.delay ?? 0));
    const response: AxiosResponse = {
      status: reply.status,
      statusText: String(reply.status),
      data: reply.data ?? { code: reply.status, msg: reply.status === 200 ? 'ok' : '' },
      headers: new AxiosHeaders(reply.headers ?? {}),
      config,
      request: {},
    };
    if (reply.status >= 200 && reply.status < 300) return response;
    throw new AxiosError(
      `Request failed with status code ${reply.status}`,
      reply.status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST,
      config,
      {},
      response,
    );
  };
  const { client, setSessionHooks, refreshAccessToken } = createApiClient({ adapter });
  let token = initialToken;
  const onSessionExpired = vi.fn(() => {
    token = null;
  });
  const setToken = vi.fn((next: string) => {
    token = next;
  });
  setSessionHooks({ getToken: () => token, setToken, onSessionExpired });
  const refreshes = () => sent.filter((s) => s.url === REFRESH_URL);
  return { client, sent, refreshes, onSessionExpired, setToken, refreshAccessToken, token: () => token };
}

const ACCESS_EXPIRED: Reply = { status: 401, data: { code: 401, msg: '登录已失效' }, headers: { 'x-error-type': 'access' } };
const REFRESH_EXPIRED: Reply = { status: 401, data: { code: 401, msg: '登录已过期' }, headers: { 'x-error-type': 'refresh' } };
const ok = (data: unknown): Reply => ({ status: 200, data: { code: 200, msg: 'ok', data } });

/** The server: tokens other than `valid` are expired; the refresh call answers `refreshReply`. */
function server(refreshReply: Reply, valid = 'Bearer new') {
  return (s: Sent): Reply => {
    if (s.url === REFRESH_URL) return refreshReply;
    return s.auth === valid ? ok(s.url) : ACCESS_EXPIRED;
  };
}

const N = 5;
const paths = Array.from({ length: N }, (_, i) => `/yy/getyy?pageNum=${i + 1}`);

describe('refresh queue', () => {
  it('retries a request whose old token was already replaced by a finished refresh, without refreshing again', async () => {
    const t = setup((s) => {
      if (s.url === REFRESH_URL) return ok({ token: 'new' });
      // The slow request was sent with the old token and answers after the refresh is done.
      if (s.url === '/slow' && s.auth === 'Bearer old') return { ...ACCESS_EXPIRED, delay: 30 };
      return s.auth === 'Bearer new' ? ok(s.url) : ACCESS_EXPIRED;
    });
    const slow = t.client.get('/slow');
    await t.client.get('/fast');
    await expect(slow).resolves.toMatchObject({ data: { data: '/slow' } });
    expect(t.refreshes()).toHaveLength(1);
    expect(t.sent.filter((s) => s.url === '/slow').map((s) => s.auth)).toEqual(['Bearer old', 'Bearer new']);
  });

  it(`${N} concurrent 401 access answers make exactly ONE refresh, then all ${N} retry with the new token`, async () => {
    const t = setup(server({ ...ok({ token: 'new' }), delay: 20 }));
    const results = await Promise.all(paths.map((p) => t.client.get(p)));

    expect(results.map((r) => (r.data as { data: string }).data)).toEqual(paths);
    expect(t.refreshes()).toHaveLength(1);
    expect(t.refreshes()[0]).toMatchObject({ method: 'POST', auth: null });
    expect(t.setToken).toHaveBeenCalledTimes(1);
    expect(t.setToken).toHaveBeenCalledWith('new');
    expect(t.token()).toBe('new');
    for (const p of paths) {
      expect(t.sent.filter((s) => s.url === p).map((s) => s.auth)).toEqual(['Bearer old', 'Bearer new']);
    }
    expect(t.onSessionExpired).not.toHaveBeenCalled();
  });

  it('queues requests whose 401 arrives while the refresh is still running', async () => {
    // Staggered answers: the first 401 starts the refresh, later ones arrive during it.
    const t = setup((s) => {
      if (s.url === REFRESH_URL) return { ...ok({ token: 'new' }), delay: 50 };
      if (s.auth === 'Bearer new') return ok(s.url);
      return { ...ACCESS_EXPIRED, delay: 5 * paths.indexOf(s.url) };
    });
    await Promise.all(paths.map((p) => t.client.get(p)));
    expect(t.refreshes()).toHaveLength(1);
    expect(t.sent.filter((s) => s.auth === 'Bearer new')).toHaveLength(N);
  });

  it('a later expiry refreshes again (the queue is not stuck on the old promise)', async () => {
    let valid = 'Bearer new';
    let refreshCount = 0;
    const t = setup((s) => {
      if (s.url === REFRESH_URL) return ok({ token: `new${++refreshCount === 1 ? '' : refreshCount}` });
      return s.auth === valid ? ok(s.url) : ACCESS_EXPIRED;
    });
    await t.client.get('/user/getinfo');
    valid = 'Bearer new2';
    await t.client.get('/user/getinfo');
    expect(t.refreshes()).toHaveLength(2);
    expect(t.token()).toBe('new2');
  });

  it('a failed refresh ends the session ONCE and rejects all queued requests', async () => {
    const t = setup(server({ ...REFRESH_EXPIRED, delay: 20 }));
    const results = await Promise.allSettled(paths.map((p) => t.client.get(p)));

    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    expect(t.refreshes()).toHaveLength(1);
    expect(t.onSessionExpired).toHaveBeenCalledTimes(1);
    expect(t.setToken).not.toHaveBeenCalled();
    // Nothing was retried.
    expect(t.sent).toHaveLength(N + 1);
  });

  it('a refresh that answers without a token also ends the session', async () => {
    const t = setup(server(ok({})));
    await expect(t.client.get('/user/getinfo')).rejects.toThrow();
    expect(t.onSessionExpired).toHaveBeenCalledTimes(1);
    expect(t.sent.map((s) => s.url)).toEqual(['/user/getinfo', REFRESH_URL]);
  });

  it('a refresh that fails on the network ends the session and rejects', async () => {
    const t = setup(server({ status: 503 }));
    const results = await Promise.allSettled(paths.map((p) => t.client.get(p)));
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    expect(t.onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('a 401 of type refresh ends the session and rejects, with no refresh call', async () => {
    const t = setup(() => REFRESH_EXPIRED);
    const error = await t.client.get('/user/getinfo').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AxiosError);
    expect((error as AxiosError).response?.status).toBe(401);
    expect(t.onSessionExpired).toHaveBeenCalledTimes(1);
    expect(t.refreshes()).toHaveLength(0);
  });

  it('a 401 without the header (wrong password on login) is rejected with the server text, no refresh', async () => {
    const t = setup(() => ({ status: 401, data: { code: 401, msg: '米米号或密码错误' } }), null);
    const error = await t.client.post('/user/login', { username: '1', password: 'x' }).catch((e: unknown) => e);
    expect(errorMessage(error)).toBe('米米号或密码错误');
    expect(t.refreshes()).toHaveLength(0);
    expect(t.onSessionExpired).not.toHaveBeenCalled();
  });

  it('a 401 with an unknown error type is rejected without a refresh', async () => {
    const t = setup(() => ({ ...ACCESS_EXPIRED, headers: { 'x-error-type': 'other' } }));
    await expect(t.client.get('/user/getinfo')).rejects.toBeInstanceOf(AxiosError);
    expect(t.refreshes()).toHaveLength(0);
    expect(t.onSessionExpired).not.toHaveBeenCalled();
  });

  it('a retried request that gets 401 access again is rejected (no refresh loop)', async () => {
    const t = setup(server(ok({ token: 'still-bad' })));
    await expect(t.client.get('/user/getinfo')).rejects.toBeInstanceOf(AxiosError);
    expect(t.refreshes()).toHaveLength(1);
    expect(t.sent.map((s) => s.auth)).toEqual(['Bearer old', null, 'Bearer still-bad']);
  });

  it('other failures are passed through untouched', async () => {
    const t = setup(() => ({ status: 404, data: { code: 404, msg: '用户不存在' } }));
    const error = await t.client.get('/user/getuserinfo/9').catch((e: unknown) => e);
    expect(errorMessage(error)).toBe('用户不存在');
    expect(t.refreshes()).toHaveLength(0);
  });

  it('with no token at all, a 401 access still refreshes through the cookie and retries (guard start-up)', async () => {
    const t = setup(server(ok({ token: 'new' })), null);
    const res = await t.client.get('/user/getinfo');
    expect(res.status).toBe(200);
    expect(t.sent.map((s) => s.auth)).toEqual([null, null, 'Bearer new']);
  });
});

describe('refreshAccessToken (the live stream, which calls fetch itself)', () => {
  it('shares the ONE refresh with concurrent 401s of axios requests', async () => {
    const t = setup(server({ ...ok({ token: 'new' }), delay: 20 }));
    const [token, ...results] = await Promise.all([t.refreshAccessToken('old'), ...paths.map((p) => t.client.get(p))]);
    expect(token).toBe('new');
    expect(results.map((r) => r.data.data)).toEqual(paths);
    expect(t.refreshes()).toHaveLength(1);
  });

  it('gives the current token without refreshing when a finished refresh already replaced the one used', async () => {
    const t = setup(server(ok({ token: 'new' })), 'new');
    expect(await t.refreshAccessToken('old')).toBe('new');
    expect(t.refreshes()).toHaveLength(0);
  });

  it('a failed refresh ends the session once and rejects', async () => {
    const t = setup(server(REFRESH_EXPIRED));
    await expect(t.refreshAccessToken('old')).rejects.toBeTruthy();
    expect(t.onSessionExpired).toHaveBeenCalledTimes(1);
  });
});

describe('bearer token', () => {
  it.each([
    ['POST', '/user/login'],
    ['POST', REFRESH_URL],
    ['POST', '/user/addAccount'],
    ['POST', '/user/valitedRegister'],
  ])('%s %s is sent WITHOUT Authorization', async (method, url) => {
    const t = setup(() => ok(null), 'tok');
    await t.client.request({ method, url });
    expect(t.sent[0]).toEqual({ method, url, auth: null });
  });

  it.each([
    ['POST', '/user/logout'],
    ['GET', '/user/getinfo'],
    ['GET', '/user/getuserinfo/7'],
    ['GET', '/user/checkcookie'],
    ['PATCH', '/user//updatelogin'],
    ['PATCH', '/user/cardupdate'],
    ['POST', '/user/updateskin'],
    ['GET', '/yy/getyy'],
  ])('%s %s is sent with Authorization', async (method, url) => {
    const t = setup(() => ok(null), 'tok');
    await t.client.request({ method, url });
    expect(t.sent[0]).toEqual({ method, url, auth: 'Bearer tok' });
  });

  it('sends no Authorization header when there is no token', async () => {
    const t = setup(() => ok(null), null);
    await t.client.get('/user/getinfo');
    expect(t.sent[0]?.auth).toBeNull();
  });

  it('uses /api, 5000 ms and credentials (the refresh cookie)', () => {
    const { client } = createApiClient();
    expect(client.defaults.baseURL).toBe('/api');
    expect(client.defaults.timeout).toBe(5000);
    expect(client.defaults.withCredentials).toBe(true);
  });
});

describe("errorMessage (the original site's error texts)", () => {
  const config = { headers: new AxiosHeaders() } as InternalAxiosRequestConfig;
  const withResponse = (status: number, data: unknown) =>
    new AxiosError(
      'failed',
      AxiosError.ERR_BAD_REQUEST,
      config,
      {},
      {
        status,
        statusText: '',
        data,
        headers: {},
        config,
      },
    );

  it('prefers the server msg', () => {
    expect(errorMessage(withResponse(400, { code: 400, msg: '邮箱格式有误！' }))).toBe('邮箱格式有误！');
  });

  it('shows a plain-text body (valitedRegister answers text)', () => {
    expect(errorMessage(withResponse(400, '  注册验证答案有误！ '))).toBe('注册验证答案有误！');
  });

  it('falls back to 请求错误 for an empty msg, an HTML error page or no body', () => {
    expect(errorMessage(withResponse(500, { code: 500, msg: '' }))).toBe('请求错误');
    expect(errorMessage(withResponse(502, '<html><body>Bad Gateway</body></html>'))).toBe('请求错误');
    expect(errorMessage(withResponse(500, undefined))).toBe('请求错误');
    expect(errorMessage(withResponse(500, { code: 500, msg: 42 }))).toBe('请求错误');
  });

  it('names timeouts, cancels and network failures', () => {
    expect(errorMessage(new AxiosError('timeout of 5000ms exceeded', AxiosError.ECONNABORTED, config))).toBe('请求超时，请稍后再试');
    expect(errorMessage(new AxiosError('timeout', AxiosError.ETIMEDOUT, config))).toBe('请求超时，请稍后再试');
    expect(errorMessage(new AxiosError('canceled', AxiosError.ERR_CANCELED, config))).toBe('请求已取消');
    expect(errorMessage(new AxiosError('Network Error', AxiosError.ERR_NETWORK, config))).toBe('网络连接失败，请检查网络后再试');
  });

  it('reads an RTK Query ApiError and falls back for anything else', () => {
    expect(errorMessage({ status: 404, message: '用户不存在' })).toBe('用户不存在');
    expect(errorMessage(new Error('boom'))).toBe('请求错误');
    expect(errorMessage('x')).toBe('请求错误');
    expect(errorMessage(null)).toBe('请求错误');
  });

  it('a real timeout from the client reads as a timeout', async () => {
    vi.useFakeTimers();
    try {
      const adapter: AxiosAdapter = (cfg) =>
        new Promise((_, reject) => {
          setTimeout(() => reject(new AxiosError(`timeout of ${cfg.timeout}ms exceeded`, AxiosError.ECONNABORTED, cfg)), cfg.timeout);
        });
      const { client } = createApiClient({ adapter });
      const pending = client.get('/yy/getyy').catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(5000);
      expect(errorMessage(await pending)).toBe('请求超时，请稍后再试');
    } finally {
      vi.useRealTimers();
    }
  });
});
