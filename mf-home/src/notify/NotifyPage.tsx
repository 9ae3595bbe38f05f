/**
 * /system/notify: first the signed-in user's own notices from the moderators (a report handled,
 * content removed with its reason, a warning, a freeze with its end, a lift) and of new medals
 * (with a link to /my/medal), newest first and paged; the page marks read what it shows. Then the
 * static sample list of site news (as on the original site). Its sibling tabs: 小纸条 (../scrip) and 应用通知, which exists only as a
 * tab link (its path falls to the shell's not-found page).
 */
import { useEffect, useId, useState } from 'react';
import {
  Link,
  TabNav,
  Pager,
  RelativeTime,
  RichText,
  styled,
  type SystemNotice,
  type SystemNoticeKind,
  useLiveEvent,
  MY_MEDAL_PATH,
  useListPage,
} from '@xiaoba/shared';
import { Panel, Retry } from '../ui';
import { NOTICES } from './notices';
import { SYSTEM_TABS } from './system-tabs';
import { useGetSystemNoticesQuery, useReadSystemNoticesMutation } from './system-notices-api';

/** A short word for what a notice is about, shown before its text. */
export const KIND_LABEL: Record<SystemNoticeKind, string> = {
  report_handled: '举报结果',
  removed: '内容删除',
  restored: '内容恢复',
  warning: '警告',
  frozen: '账号冻结',
  banned: '账号封禁',
  lifted: '处罚解除',
  medal: '新勋章',
};

/** 2026-11-01 → 2026年11月1日 */
const readable = (date: string) => {
  const [y, m, d] = date.split('-').map(Number);
  return `${y}年${m}月${d}日`;
};

export default function NotifyPage() {
  const titleId = useId();
  const newsId = useId();
  return (
    <Panel aria-labelledby={titleId}>
      {/* The current tab shows the title; the heading is for screen readers and headings lists. */}
      <h1 id={titleId} className="visually-hidden">
        系统通知
      </h1>
      <TabNav label="消息分类" tabs={SYSTEM_TABS} />
      <MyNotices />
      <section aria-labelledby={newsId}>
        <h2 id={newsId}>校巴公告</h2>
        <News aria-label="校巴公告">
          {NOTICES.map((notice) => (
            <li key={notice.id}>
              <article aria-labelledby={`notice-${notice.id}`}>
                <h3 id={`notice-${notice.id}`}>{notice.title}</h3>
                <time dateTime={notice.date}>{readable(notice.date)}</time>
                <p>{notice.body}</p>
              </article>
            </li>
          ))}
        </News>
      </section>
    </Panel>
  );
}

/** 给你的通知: the caller's notices from the moderators. */
function MyNotices() {
  const headingId = useId();
  const { page, setPage, fit } = useListPage();
  // Always asked anew on arrival: a notice may have come since the last visit.
  const { data, isLoading, isError, refetch } = useGetSystemNoticesQuery(page, { refetchOnMountOrArgChange: true });
  fit(data?.pages);
  // And again when the live stream says one came, or reconnects, so it shows while the page is open.
  useLiveEvent('notice', (event) => event.kind === 'system' && void refetch());
  useLiveEvent('hello', () => void refetch());
  const [markRead] = useReadSystemNoticesMutation();
  // Notices that were unread when shown: they keep their 新 mark after being marked read.
  const [seenNew, setSeenNew] = useState<ReadonlySet<number>>(() => new Set());
  const records = data?.records ?? [];
  const newestUnread = records.reduce((max, n) => (n.unread ? Math.max(max, n.id) : max), 0);

  // Showing them reads them: mark read up to the newest unread one shown.
  useEffect(() => {
    if (newestUnread === 0) return;
    setSeenNew((prev) => new Set([...prev, ...records.filter((n) => n.unread).map((n) => n.id)]));
    void markRead({ upTo: newestUnread });
    // Not `records`: a refetch brings a new array, and the same notices need no second mark.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [newestUnread, markRead]);

  return (
    <Mine aria-labelledby={headingId}>
      <h2 id={headingId}>给你的通知</h2>
      {isLoading ? (
        <Note>正在加载…</Note>
      ) : isError && !data ? (
        <Note>
          通知加载失败。 <Retry onClick={refetch} />
        </Note>
      ) : records.length === 0 ? (
        <Note>这里还没有给你的通知。你的举报有了结果，或者管理员有话对你说时，会显示在这里。</Note>
      ) : (
        <>
          <MineList aria-label="给你的通知">
            {records.map((n) => (
              <NoticeItem key={n.id} notice={n} isNew={n.unread || seenNew.has(n.id)} />
            ))}
          </MineList>
          <Pager page={page} pages={data?.pages ?? 0} onChange={setPage} label="给你的通知分页" />
        </>
      )}
    </Mine>
  );
}

function NoticeItem({ notice: n, isNew }: { notice: SystemNotice; isNew: boolean }) {
  return (
    <li className={isNew ? 'new' : undefined}>
      <p className="head">
        <span className="kind">{KIND_LABEL[n.kind]}</span>
        {/* A word, not only a colour, says it is new. */}
        {isNew && <New>新</New>}
        <RelativeTime at={n.ctime} />
      </p>
      <p className="text">
        <RichText text={n.text} />
        {n.kind === 'medal' && (
          <>
            {' '}
            <Link to={MY_MEDAL_PATH}>看看我的勋章</Link>
          </>
        )}
      </p>
    </li>
  );
}

const Mine = styled.section`
  margin-bottom: 8px;
`;
const Note = styled.p`
  margin: 6px 0 12px;
  color: ${(p) => p.theme.colors.muted};
`;
const MineList = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    padding: 10px 0 10px 12px;
    border-left: 3px solid transparent;
  }
  li + li {
    border-top: 1px solid ${(p) => p.theme.colors.border};
  }
  li.new {
    border-left-color: ${(p) => p.theme.colors.primary};
  }
  p {
    margin: 0;
    overflow-wrap: anywhere;
  }
  .kind {
    font-weight: 700;
  }
  .head time {
    margin-left: 8px;
    font-size: 13px;
    color: ${(p) => p.theme.colors.muted};
  }
  .text {
    margin-top: 4px;
    line-height: 1.6;
  }
`;
const New = styled.span`
  margin-left: 6px;
  padding: 0 6px;
  border-radius: 8px;
  font-size: 12px;
  background: ${(p) => p.theme.colors.danger};
  color: ${(p) => p.theme.colors.panel};
`;
const News = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    padding: 12px 0;
  }
  li + li {
    border-top: 1px solid ${(p) => p.theme.colors.border};
  }
  h3 {
    margin: 0;
    font-size: 16px;
  }
  time {
    display: block;
    margin-top: 2px;
    font-size: 13px;
    color: ${(p) => p.theme.colors.muted};
  }
  p {
    margin: 6px 0 0;
  }
`;
