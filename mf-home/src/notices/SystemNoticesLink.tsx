/**
 * /home's way to /system/notify, with the number of unread notices from the moderators
 * beside it, re-read live or polled like 回复我的 (./live-notices.ts).
 */
import { Link, styled } from '@xiaoba/shared';
import { useGetSystemNoticesQuery } from '../notify/system-notices-api';
import { useLiveNotices, useNoticesPolling } from './live-notices';

/** The link's accessible name: says how many are new. */
export const systemNoticesLabel = (unread: number) => (unread > 0 ? `看系统通知，有${unread}条新的系统通知` : '看系统通知');

export function SystemNoticesLink() {
  // Page 1 carries the count over every page (/home's route prefetch asks for it first); a
  // failure just shows the plain link.
  const { data, refetch } = useGetSystemNoticesQuery(1, { pollingInterval: useNoticesPolling(), skipPollingIfUnfocused: true });
  useLiveNotices('system', refetch);
  const unread = data?.unread ?? 0;
  return (
    <Link to="/system/notify" aria-label={systemNoticesLabel(unread)}>
      看系统通知
      {unread > 0 && <Count> ({unread})</Count>}
    </Link>
  );
}

const Count = styled.span`
  font-weight: 700;
`;
