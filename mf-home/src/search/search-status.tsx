/**
 * What a tab of /search shows before its results: searching, a failure with 重试, or the tab's
 * "nothing found" words; null once there are results to list. The 用户 and 日志 tabs share it.
 */
import type { ApiError } from '@xiaoba/shared';
import { Note, Retry } from '../ui';

/** Results younger than this (seconds, e.g. from the route prefetch) are shown without asking again. */
export const FRESH_S = 10;

interface SearchQueryState {
  isLoading: boolean;
  isError: boolean;
  error?: unknown;
  refetch: () => unknown;
}

export function searchStatus(query: SearchQueryState, empty: boolean, none: string) {
  if (query.isLoading) return <Note role="status">正在搜索…</Note>;
  if (query.isError) {
    return (
      <Note role="alert">
        {(query.error as ApiError | undefined)?.message || '搜索失败'} <Retry onClick={query.refetch} />
      </Note>
    );
  }
  return empty ? <Note>{none}</Note> : null;
}
