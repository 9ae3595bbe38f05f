/**
 * 回复我的 on /home: the number of new comments on the user's yy and replies to the user's
 * comments (docs/api.md "Notices"), asked again every 60 s while the page is visible. A
 * disclosure button opens the newest notices (who, what, on which yy, when) and opening clears the
 * count; the notices that were new keep their 新 mark while the list is read.
 */
import { useEffect, useId, useState } from 'react';
import { Avatar, fullTime, isoTime, Link, RichText, relativeTime, selectUser, styled, useAppSelector, type CommentNotice } from '@xiaoba/shared';
import { NOTICES_POLL_MS, useClearNoticesMutation, useGetNoticesQuery } from './notices-api';

/** The accessible name of the button: says how many are new. */
export const noticesLabel = (count: number) => (count > 0 ? `回复我的，${count}条新回复` : '回复我的');

const spacePath = (uid: number, ownUid: number | undefined) => (uid === ownUid ? '/my' : `/${uid}`);

export function CommentNotices() {
  const ownUid = useAppSelector(selectUser)?.uid;
  const listId = useId();
  const [open, setOpen] = useState(false);
  // Notices that were unread when the list showed them: still marked 新 after the clear.
  const [seenNew, setSeenNew] = useState<ReadonlySet<number>>(() => new Set());
  const { data, isLoading, isError, refetch } = useGetNoticesQuery(undefined, {
    pollingInterval: NOTICES_POLL_MS,
    skipPollingIfUnfocused: true,
  });
  const [clear] = useClearNoticesMutation();
  const count = data?.count ?? 0;
  const records = data?.records ?? [];
  const upTo = records.reduce((max, r) => Math.max(max, r.commentId), 0);

  // Opening the list (or new notices arriving while it is open) reads them: clear up to the
  // newest shown, so one arriving meanwhile stays counted.
  useEffect(() => {
    if (!open || count === 0 || upTo === 0) return;
    setSeenNew((prev) => new Set([...prev, ...records.filter((r) => r.unread).map((r) => r.commentId)]));
    void clear({ upTo });
    // Not `records`: each poll brings a new array, and the same notices must not be cleared twice.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, count, upTo, clear]);

  return (
    <Section aria-label="回复我的">
      <Toggle type="button" aria-expanded={open} aria-controls={listId} aria-label={noticesLabel(count)} onClick={() => setOpen((o) => !o)}>
        <span aria-hidden="true" className="arrow">
          {open ? '▾' : '▸'}
        </span>
        回复我的
        {count > 0 && <Badge> ({count})</Badge>}
      </Toggle>
      <div id={listId} hidden={!open}>
        {isLoading ? (
          <Note>正在加载…</Note>
        ) : isError && !data ? (
          <Note>
            回复加载失败。{' '}
            <button type="button" className="retry" onClick={() => void refetch()}>
              重试
            </button>
          </Note>
        ) : records.length === 0 ? (
          <Note>还没有人评论你的yy或回复你。</Note>
        ) : (
          <List aria-label="回复我的">
            {records.map((n) => (
              <NoticeItem key={n.commentId} notice={n} ownUid={ownUid} isNew={n.unread || seenNew.has(n.commentId)} />
            ))}
          </List>
        )}
      </div>
    </Section>
  );
}

function NoticeItem({ notice: n, ownUid, isNew }: { notice: CommentNotice; ownUid: number | undefined; isNew: boolean }) {
  return (
    <li>
      <span aria-hidden="true">
        <Avatar uid={n.uid} face={n.face} avatar={n.avatar} name={n.username} size={36} />
      </span>
      <div>
        <p className="head">
          <Link to={`/${n.uid}`} className="name">
            {n.username}
          </Link>{' '}
          {n.kind === 'reply' ? '回复了你的评论' : '评论了你的yy'}
          {isNew && <New>新</New>}
        </p>
        <p className="content">
          <RichText text={n.content} />
        </p>
        <p className="meta">
          {n.kind === 'reply' && n.yyUid !== ownUid ? '在这条yy下：' : '你的yy：'}
          <Link to={spacePath(n.yyUid, ownUid)}>{n.yyContent ? <RichText text={n.yyContent} /> : '（转发的yy）'}</Link>
          <time dateTime={isoTime(n.ctime)} title={fullTime(n.ctime)}>
            {relativeTime(n.ctime)}
          </time>
        </p>
      </div>
    </li>
  );
}

export const Section = styled.section`
  margin-top: 18px;
  border-top: 1px solid ${(p) => p.theme.colors.border};
  padding-top: 12px;
`;
export const Toggle = styled.button`
  display: inline-block;
  padding: 6px 12px;
  border-radius: 16px;
  border: 1px solid ${(p) => p.theme.colors.border};
  background: ${(p) => p.theme.colors.panel};
  color: ${(p) => p.theme.colors.text};
  font: inherit;
  font-size: 16px;
  font-weight: 700;
  cursor: pointer;
  .arrow {
    display: inline-block;
    width: 1.2em;
  }
  &:focus-visible {
    outline: 3px solid ${(p) => p.theme.colors.focus};
    outline-offset: 2px;
  }
`;
export const Badge = styled.span`
  color: ${(p) => p.theme.colors.danger};
`;
export const New = styled.span`
  margin-left: 6px;
  padding: 0 6px;
  border-radius: 8px;
  font-size: 12px;
  background: ${(p) => p.theme.colors.danger};
  color: ${(p) => p.theme.colors.panel};
`;
export const Note = styled.p`
  margin: 10px 0 0;
  color: ${(p) => p.theme.colors.muted};
  .retry {
    font: inherit;
    color: ${(p) => p.theme.colors.link};
    background: none;
    border: 0;
    padding: 0;
    text-decoration: underline;
    cursor: pointer;
  }
`;
export const List = styled.ul`
  list-style: none;
  margin: 8px 0 0;
  padding: 0;
  li {
    display: flex;
    gap: 10px;
    padding: 10px 0;
    border-top: 1px solid ${(p) => p.theme.colors.border};
  }
  li:first-child {
    border-top: 0;
  }
  li > div {
    min-width: 0;
  }
  /* A row with a button after its text (新粉丝' 回关): the text takes the room between. */
  li > .grow {
    flex: 1;
  }
  li > button {
    align-self: center;
  }
  p {
    margin: 0;
    overflow-wrap: anywhere;
  }
  .name {
    font-weight: 700;
  }
  .content {
    margin: 4px 0;
    line-height: 1.6;
  }
  .meta {
    font-size: 13px;
    color: ${(p) => p.theme.colors.muted};
  }
  .meta img {
    width: 18px;
    height: 18px;
  }
  .meta time {
    margin-left: 8px;
  }
`;
