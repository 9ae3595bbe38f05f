/**
 * The one HTTP client (spec section 7) with the refresh flow of section 4:
 * a 401 whose X-Error-Type is `access` triggers ONE refresh however many requests fail at once;
 * they wait for it and are retried with the new token. A failed refresh, or a 401 of type
 * `refresh`, ends the session (the shell's `onSessionExpired`) and rejects what was queued.
 */
import axios, { AxiosError, type AxiosInstance, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { ERROR_TYPE_HEADER, type ApiEnvelope } from '../core/api-types';
import { REQUEST_TIMEOUT_MS } from '../core/constants';

export const REFRESH_URL = '/user/refresh';
/** Calls sent without the bearer token (spec section 7). */
const NO_TOKEN_URLS = ['/user/login', REFRESH_URL, '/user/addAccount', '/user/valitedRegister'];

export interface SessionHooks {
  getToken(): string | null;
  setToken(token: string): void;
  /** Clear the session, reset the theme, tell the user and go to /login. Called once per expiry. */
  onSessionExpired(): void;
}

interface RetriableConfig extends InternalAxiosRequestConfig {
  _retried?: boolean;
}

const noSession: SessionHooks = { getToken: () => null, setToken: () => {}, onSessionExpired: () => {} };

export function createApiClient(options: { baseURL?: string; adapter?: AxiosAdapter } = {}) {
  let hooks: SessionHooks = noSession;
  let refreshing: Promise<string> | null = null;

  const client: AxiosInstance = axios.create({
    baseURL: options.baseURL ?? '/api',
    timeout: REQUEST_TIMEOUT_MS,
    withCredentials: true,
    ...(options.adapter ? { adapter: options.adapter } : {}),
  });

  client.interceptors.request.use((config) => {
    const url = config.url ?? '';
    const token = hooks.getToken();
    if (token && !NO_TOKEN_URLS.some((u) => url.startsWith(u))) {
      config.headers.set('Authorization', `Bearer ${token}`);
    }
    return config;
  });

  /** One refresh for any number of concurrent 401s; failure ends the session exactly once. */
  function refreshOnce(): Promise<string> {
    refreshing ??= client
      .post<ApiEnvelope<{ token: string }>>(REFRESH_URL)
      .then((res) => {
        const token = res.data.data?.token;
        if (!token) throw new Error('refresh answered without a token');
        hooks.setToken(token);
        return token;
      })
      .catch((error: unknown) => {
        hooks.onSessionExpired();
        throw error;
      })
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  }

  client.interceptors.response.use(undefined, async (error: unknown) => {
    if (!(error instanceof AxiosError) || error.response?.status !== 401 || !error.config) throw error;
    const config = error.config as RetriableConfig;
    // The refresh call's own failure is handled by refreshOnce.
    if (config.url === REFRESH_URL) throw error;
    const type = error.response.headers[ERROR_TYPE_HEADER] as string | undefined;
    if (type === 'refresh') {
      hooks.onSessionExpired();
      throw error;
    }
    if (type !== 'access' || config._retried) throw error;
    config._retried = true;
    // Sent with a token that a finished refresh has already replaced: just retry with the new one.
    const current = hooks.getToken();
    const token = current && config.headers.get('Authorization') !== `Bearer ${current}` ? current : await refreshOnce();
    config.headers.set('Authorization', `Bearer ${token}`);
    return client(config);
  });

  return {
    client,
    /** The shell wires the session store in once at start. */
    setSessionHooks(next: SessionHooks) {
      hooks = next;
    },
  };
}

/** The site's client: every module uses this one instance (shared as a singleton). */
export const { client: api, setSessionHooks } = createApiClient();

/** What a user reads for a failed call: the server's msg, else a plain Chinese sentence. */
export function errorMessage(error: unknown): string {
  if (error instanceof AxiosError) {
    const data = error.response?.data as Partial<ApiEnvelope<unknown>> | string | undefined;
    if (data && typeof data === 'object' && typeof data.msg === 'string' && data.msg) return data.msg;
    if (typeof data === 'string' && data.trim() && !data.trimStart().startsWith('<')) return data.trim();
    if (error.code === AxiosError.ECONNABORTED || error.code === AxiosError.ETIMEDOUT) return '请求超时，请稍后再试';
    if (error.code === AxiosError.ERR_CANCELED) return '请求已取消';
    if (!error.response) return '网络连接失败，请检查网络后再试';
  }
  if (isApiErrorShape(error)) return error.message;
  return '请求错误';
}

function isApiErrorShape(value: unknown): value is { message: string } {
  return typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string'
    && !(value instanceof Error);
}
