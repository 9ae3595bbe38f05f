/**
 * Notices with the live stream: while the tab's stream is connected the lists
 * are re-read when it says their kind changed (and on every (re)connect, its `hello`, for what
 * happened meanwhile), so nothing polls; while it is not, they poll every NOTICES_POLL_MS as before.
 */
import { useLiveConnected, useLiveEvent, type LiveNoticeKind } from '@xiaoba/shared';
import { NOTICES_POLL_MS } from './notices-api';

/** The polling interval of a notice query: none while the stream tells of changes. */
export function useNoticesPolling(): number {
  return useLiveConnected() ? 0 : NOTICES_POLL_MS;
}

/** Calls `refetch` when the stream says notices of `kind` changed, and on every (re)connect. */
export function useLiveNotices(kind: LiveNoticeKind, refetch: () => unknown): void {
  const reread = () => {
    try {
      void refetch();
    } catch {
      // A query not started yet (RTK Query throws then) loads anyway when it starts.
    }
  };
  useLiveEvent('notice', (event) => event.kind === kind && reread());
  useLiveEvent('hello', reread);
}
