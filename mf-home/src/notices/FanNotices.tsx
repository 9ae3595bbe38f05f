/**
 * 新粉丝 on /home, beside 回复我的 (issue 18): "X 关注了你" notices, asked again every 60 s while the
 * page is visible, like the comment notices. A disclosure button carries the unread count; opening
 * it lists who followed (avatar, name linking to their space, when) with a 回关 button for those
 * the user does not follow yet, and clears the count. What was new keeps its 新 mark while shown.
 */
import { useEffect, useId, useState } from 'react';
import { Avatar, fullTime, isoTime, Link, relativeTime, type FanNotice } from '@xiaoba/shared';
import { FollowBackButton } from '../follows/FollowBackButton';
import { NOTICES_POLL_MS } from './notices-api';
import { useClearFanNoticesMutation, useGetFanNoticesQuery } from './fan-notices-api';
import { Badge, List, New, Note, Section, Toggle } from './CommentNotices';

/** The accessible name of the button: says how many are new. */
export const fanNoticesLabel = (count: number) => (count > 0 ? `新粉丝，${count}个人新关注了你` : '新粉丝');

export function FanNotices() {
  const listId = useId();
  const [open, setOpen] = useState(false);
  // Notices that were unread when the list showed them: still marked 新 after the clear.
  const [seenNew, setSeenNew] = useState<ReadonlySet<number>>(() => new Set());
  const { data, isLoading, isError, refetch } = useGetFanNoticesQuery(undefined, {
    pollingInterval: NOTICES_POLL_MS,
    skipPollingIfUnfocused: true,
  });
  const [clear] = useClearFanNoticesMutation();
  const count = data?.count ?? 0;
  const records = data?.records ?? [];
  const upTo = records.reduce((max, r) => Math.max(max, r.ctime), 0);

  // Opening the list (or new notices arriving while it is open) reads them, up to the newest shown.
  useEffect(() => {
    if (!open || count === 0 || upTo === 0) return;
    setSeenNew((prev) => new Set([...prev, ...records.filter((r) => r.unread).map((r) => r.uid)]));
    void clear({ upTo });
    // Not `records`: each poll brings a new array, and the same notices must not be cleared twice.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, count, upTo, clear]);

  return (
    <Section aria-label="新粉丝">
      <Toggle type="button" aria-expanded={open} aria-controls={listId} aria-label={fanNoticesLabel(count)} onClick={() => setOpen((o) => !o)}>
        <span aria-hidden="true" className="arrow">
          {open ? '▾' : '▸'}
        </span>
        新粉丝
        {count > 0 && <Badge> ({count})</Badge>}
      </Toggle>
      <div id={listId} hidden={!open}>
        {isLoading ? (
          <Note>正在加载…</Note>
        ) : isError && !data ? (
          <Note>
            新粉丝加载失败。{' '}
            <button type="button" className="retry" onClick={() => void refetch()}>
              重试
            </button>
          </Note>
        ) : records.length === 0 ? (
          <Note>还没有人关注你。</Note>
        ) : (
          <List aria-label="新粉丝">
            {records.map((n) => (
              <FanItem key={n.uid} notice={n} isNew={n.unread || seenNew.has(n.uid)} />
            ))}
          </List>
        )}
      </div>
    </Section>
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
          <time dateTime={isoTime(n.ctime)} title={fullTime(n.ctime)}>
            {relativeTime(n.ctime)}
          </time>
        </p>
      </div>
      {!n.following && <FollowBackButton uid={n.uid} name={n.username} following={false} back />}
    </li>
  );
}
