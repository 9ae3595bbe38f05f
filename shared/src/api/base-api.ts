/**
 * RTK Query over the shared axios client. Remotes add their own endpoints with
 * `baseApi.injectEndpoints`, so caching and loading states are never hand-written.
 */
import { createApi, type BaseQueryFn } from '@reduxjs/toolkit/query/react';
import type { AxiosRequestConfig } from 'axios';
import type { ApiEnvelope } from '../core/api-types';
import type { PageState } from '../core/page-render';
import { api, errorMessage } from './client';

export interface ApiError {
  status: number | null;
  message: string;
}

type Args = { url: string; method?: AxiosRequestConfig['method']; data?: unknown; params?: unknown };

const axiosBaseQuery: BaseQueryFn<Args, ApiEnvelope<unknown>, ApiError> = async ({ url, method = 'GET', data, params }) => {
  try {
    const res = await api.request<ApiEnvelope<unknown>>({ url, method, data, params });
    return { data: res.data };
  } catch (error) {
    const status = (error as { response?: { status?: number } }).response?.status ?? null;
    return { error: { status, message: errorMessage(error) } };
  }
};

export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: axiosBaseQuery,
  tagTypes: ['User', 'Space'],
  endpoints: () => ({}),
  // A server-rendered page's cache (PageState.api: fulfilled queries and their tags), merged by
  // RTK's rehydration when the shell dispatches `{ type: PAGE_STATE_ID, payload }`. The id is
  // written out: importing core/page-render here reorders the bundle (first-load bytes count).
  // RTK's reducers read all three parts.
  extractRehydrationInfo: (action) =>
    action.type == 'xb-page-state' ? ({ mutations: {}, provided: {}, ...(action as unknown as { payload: PageState['api'] }).payload } as never) : undefined,
});
