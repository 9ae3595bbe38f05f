/**
 * 新粉丝 on /home, beside 回复我的: "X 关注了你" notices, re-read live or polled like
 * the comment notices (./live-notices.ts). A disclosure button carries the unread count; opening
 * it lists who followed (avatar, name linking to their space, when) with a 回关 button for those
 * the user does not follow yet, and clears the count. What was new keeps its 新 mark while shown.
 */
import { lazy, Suspense } from 'react';
import { Avatar, type FanNotice, Link, RelativeTime } from '@xiaoba/shared';
import { useLiveNotices, useNoticesPolling } from './live-notices';
import { useClearFanNoticesMutation, useGetFanNoticesQuery } from './fan-notices-api';
import { New, NoticeBox } from './NoticeBox';

// 回关 shows only in the opened list: its code (shared with /follows and /search) is a chunk of its
// own, fetched when the first notices arrive, so /home's first load does not carry it.
const FollowBackButton = lazy(() => import('../follows/FollowBackButton').then((m) => ({ default: m.FollowBackButton })));

/** The accessible name of the button: says how many are new. */
export const fanNoticesLabel = (count: number) => (count > 0 ? `新粉丝，${count}个人新关注了你` : '新粉丝');

export function FanNotices() {
  const query = useGetFanNoticesQuery(undefined, { pollingInterval: useNoticesPolling(), skipPollingIfUnfocused: true });
  useLiveNotices('fan', query.refetch);
  const [clear] = useClearFanNoticesMutation();
  return (
    <NoticeBox
      title="新粉丝"
      label={fanNoticesLabel}
      query={query}
      clear={clear}
      idOf={(n) => n.uid}
      upToOf={(n) => n.ctime}
      failed="新粉丝加载失败。"
      empty="还没有人关注你。"
      item={(n, isNew) => <FanItem key={n.uid} notice={n} isNew={isNew} />}
    />
  );
}

function FanItem({ notice: n, isNew }: { notice: FanNotice; isNew: boolean }) {
  return (
    <li>
      <span aria-hidden="true">
        <Avatar uid={n.uid} face={n.face} avatar={n.avatar} name={n.username} size={36} />
      </span>
      <div className="grow">
        <p className="head">
          <Link to={`/${n.uid}`} className="name">
            {n.username}
          </Link>{' '}
          关注了你
          {isNew && <New>新</New>}
        </p>
        <p className="meta">
          <RelativeTime at={n.ctime} />
        </p>
      </div>
      {!n.following && (
        <Suspense fallback={null}>
          <FollowBackButton uid={n.uid} name={n.username} following={false} back />
        </Suspense>
      )}
    </li>
  );
}
