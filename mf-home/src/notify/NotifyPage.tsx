/**
 * /system/notify: system notifications, a static sample list (spec section 2). The sibling tabs
 * 小纸条 and 应用通知 exist only as tab links; their paths fall to the shell's not-found page.
 */
import { useId } from 'react';
import { styled, TabNav, type TabLink } from '@xiaoba/shared';
import { Panel } from '../ui/Panel';
import { NOTICES } from './notices';

export const SYSTEM_TABS: TabLink[] = [
  { to: '/system/notify', label: '系统通知' },
  { to: '/system/scrip', label: '小纸条' },
  { to: '/system/app', label: '应用通知' },
];

/** 2026-11-01 → 2026年11月1日 */
const readable = (date: string) => {
  const [y, m, d] = date.split('-').map(Number);
  return `${y}年${m}月${d}日`;
};

export default function NotifyPage() {
  const titleId = useId();
  return (
    <Panel aria-labelledby={titleId}>
      {/* The current tab shows the title; the heading is for screen readers and headings lists. */}
      <h1 id={titleId} className="visually-hidden">
        系统通知
      </h1>
      <TabNav label="消息分类" tabs={SYSTEM_TABS} />
      <Notices aria-labelledby={titleId}>
        {NOTICES.map((notice) => (
          <li key={notice.id}>
            <article aria-labelledby={`notice-${notice.id}`}>
              <h2 id={`notice-${notice.id}`}>{notice.title}</h2>
              <time dateTime={notice.date}>{readable(notice.date)}</time>
              <p>{notice.body}</p>
            </article>
          </li>
        ))}
      </Notices>
    </Panel>
  );
}

const Notices = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    padding: 12px 0;
  }
  li + li {
    border-top: 1px solid ${(p) => p.theme.colors.border};
  }
  h2 {
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
