/**
 * The one HTTP client, with the token refresh flow:
 * a 401 whose X-Error-Type is `access` triggers ONE refresh however many requests fail at once;
 * they wait for it and are retried with the new token. A failed refresh, or a 401 of type
 * `refresh`, ends the session (the shell's `onSessionExpired`) and rejects what was queued.
 *
 * axios itself is loaded by a dynamic import on the first request (or when the page is idle, or
 * by `preloadApiClient`), so a page that calls nothing before the visitor acts (/login, /register)
 * does not download it first (docs/adr/0012). Calls made before it is there wait for it, in order.
 */
import type { AxiosInstance, CreateAxiosDefaults, InternalAxiosRequestConfig, AxiosAdapter } from 'axios';
import { ERROR_TYPE_HEADER, type ApiEnvelope } from '../core/api-types';
import { REQUEST_TIMEOUT_MS } from '../core/constants';
import { lazyModule, whenIdle, type LazyModule } from './lazy';

export const REFRESH_URL = '/user/refresh';
/** Calls sent without the bearer token: signing in, the refresh and registration. */
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

type AxiosModule = typeof import('axios');

/** The request methods of an axios instance, with axios's own signatures (config and response shapes). */
type Method = 'request' | 'get' | 'delete' | 'head' | 'options' | 'post' | 'put' | 'patch' | 'postForm' | 'putForm' | 'patchForm';
const METHODS: readonly Method[] = ['request', 'get', 'delete', 'head', 'options', 'post', 'put', 'patch', 'postForm', 'putForm', 'patchForm'];

/**
 * The instance's defaults once axios is loaded; before, the settings it will be created with
 * (base URL, timeout, credentials, and whatever a test sets, such as `adapter`).
 */
export type ApiDefaults = Partial<AxiosInstance['defaults']>;

export type ApiClient = Pick<AxiosInstance, Method> & { readonly defaults: ApiDefaults };

const noSession: SessionHooks = { getToken: () => null, setToken: () => {}, onSessionExpired: () => {} };

/** The site's one copy of axios: every client (in practice the one `api`) shares this import. */
const siteAxios = lazyModule<AxiosModule>(() => import('axios'));

/**
 * A failed download of axios's chunk, shaped like axios's own network error so `errorMessage`
 * and the RTK base query read it as one ('网络连接失败…'); the next request tries the import again.
 */
function clientUnavailable(cause: unknown): Error {
  return Object.assign(new Error('Network Error: the HTTP client could not be loaded', { cause }), {
    isAxiosError: true as const,
    code: 'ERR_NETWORK',
  });
}

export function createApiClient(options: { baseURL?: string; adapter?: AxiosAdapter; loadAxios?: () => Promise<AxiosModule> } = {}) {
  let hooks: SessionHooks = noSession;
  const pendingDefaults: ApiDefaults = {
    baseURL: options.baseURL ?? '/api',
    timeout: REQUEST_TIMEOUT_MS,
    withCredentials: true,
    ...(options.adapter ? { adapter: options.adapter } : {}),
  };
  const source: LazyModule<AxiosModule> = options.loadAxios ? lazyModule(options.loadAxios) : siteAxios;
  let instance: AxiosInstance | null = null;
  /** The instance's one-refresh function, once the instance exists. */
  let refresher: (() => Promise<string>) | null = null;

  function build({ default: axios, AxiosError }: AxiosModule): AxiosInstance {
    let refreshing: Promise<string> | null = null;
    const client = axios.create(pendingDefaults as CreateAxiosDefaults);

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

    refresher = refreshOnce;

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

    return client;
  }

  /** The axios instance, created once when the import has finished. */
  function ready(): Promise<AxiosInstance> {
    if (instance) return Promise.resolve(instance);
    return source.load().then(
      (module) => (instance ??= build(module)),
      (error: unknown) => {
        throw clientUnavailable(error);
      },
    );
  }

  const client = {
    get defaults(): ApiDefaults {
      return instance ? instance.defaults : pendingDefaults;
    },
  } as ApiClient;
  for (const name of METHODS) {
    // Each call waits for the instance (at once when it exists), then is axios's own call.
    (client as unknown as Record<Method, unknown>)[name] = (...args: unknown[]) =>
      ready().then((axiosClient) => (axiosClient[name] as (...a: unknown[]) => unknown)(...args));
  }

  return {
    client,
    /** The shell wires the session store in once at start. */
    setSessionHooks(next: SessionHooks) {
      hooks = next;
    },
    /** The access token now (the session hooks'), for a request made without axios (the live stream). */
    currentToken(): string | null {
      return hooks.getToken();
    },
    /**
     * A fresh access token after a 401 of type `access` answered a request sent with `used`: the
     * current one if a finished refresh has already replaced `used`, else the result of the same
     * single refresh every other request shares (a failed one ends the session, once).
     */
    refreshAccessToken(used: string | null): Promise<string> {
      return ready().then(() => {
        const current = hooks.getToken();
        return current && current !== used ? current : refresher!();
      });
    },
    /** Starts loading axios and creating the instance now; resolves when it is ready, never rejects. */
    preload(): Promise<void> {
      return ready().then(
        () => undefined,
        () => undefined, // the next request tries again and reports the failure itself
      );
    },
  };
}

const site = createApiClient();

/** The site's client: every module uses this one instance (shared as a singleton). */
export const api: ApiClient = site.client;
export const setSessionHooks = site.setSessionHooks;
/** For the live stream (shared/src/live), which calls `fetch` itself: the token, and the shared refresh. */
export const currentToken = site.currentToken;
export const refreshAccessToken = site.refreshAccessToken;

/**
 * Starts downloading the client now (idempotent): for a page that will call the API at once
 * (a session hint is present), so the first call does not wait for the download after the
 * scripts have run. Resolves when ready; never rejects.
 */
export function preloadApiClient(): Promise<void> {
  return site.preload();
}

// Otherwise it comes once the page is idle, before a visitor's first submit in practice.
whenIdle(() => void preloadApiClient());

/** An axios error (from the loaded library, or the chunk's own failure), told without loading axios. */
interface AxiosLikeError {
  isAxiosError: true;
  code?: string;
  response?: { data?: unknown };
}

function isAxiosLikeError(error: unknown): error is AxiosLikeError {
  return typeof error === 'object' && error !== null && (error as { isAxiosError?: unknown }).isAxiosError === true;
}

/** What a user reads for a failed call: the server's msg, else a plain Chinese sentence. */
export function errorMessage(error: unknown): string {
  if (isAxiosLikeError(error)) {
    const data = error.response?.data as Partial<ApiEnvelope<unknown>> | string | undefined;
    if (data && typeof data === 'object' && typeof data.msg === 'string' && data.msg) return data.msg;
    if (typeof data === 'string' && data.trim() && !data.trimStart().startsWith('<')) return data.trim();
    // axios's codes (AxiosError.ECONNABORTED, .ETIMEDOUT, .ERR_CANCELED) are these plain strings.
    if (error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT') return '请求超时，请稍后再试';
    if (error.code === 'ERR_CANCELED') return '请求已取消';
    if (!error.response) return '网络连接失败，请检查网络后再试';
  }
  if (isApiErrorShape(error)) return error.message;
  return '请求错误';
}

function isApiErrorShape(value: unknown): value is { message: string } {
  return typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string' && !(value instanceof Error);
}
