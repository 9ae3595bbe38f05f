/** The moderation area's frame: its title, the tabs (queue, audit log) and the page's own panel. */
import { useId, type ReactNode } from 'react';
import { card, styled, TabNav, useArchiveMode, type TabLink } from '@xiaoba/shared';

export const ADMIN_TABS: TabLink[] = [
  { to: '/admin', label: '举报处理' },
  { to: '/admin/log', label: '操作记录' },
];

export const ARCHIVE_NOTE = '校巴现在是只读存档：可以查看举报、档案和操作记录，但不能处理。';

export function AdminFrame({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  const archive = useArchiveMode();
  return (
    <Frame>
      <h1>管理</h1>
      <TabNav label="管理分类" tabs={ADMIN_TABS} />
      <section aria-labelledby={titleId}>
        <h2 id={titleId}>{title}</h2>
        {archive && <p className="note">{ARCHIVE_NOTE}</p>}
        {children}
      </section>
    </Frame>
  );
}

const Frame = styled.div`
  ${card}
  padding: 16px 18px 20px;
  h1 {
    margin: 0 0 10px;
    font-size: 22px;
  }
  h2 {
    margin: 4px 0 10px;
    font-size: 18px;
  }
  .note {
    color: ${(p) => p.theme.colors.muted};
  }
`;

/** The small print of a page: loading, nothing to show, a failure with retry. */
export const Note = styled.p`
  color: ${(p) => p.theme.colors.muted};
  button {
    font: inherit;
    color: ${(p) => p.theme.colors.link};
    background: none;
    border: 0;
    padding: 0;
    text-decoration: underline;
    cursor: pointer;
  }
`;

/** A short mark beside an item: 已删除, 作者已删除, a report's status. */
export const Badge = styled.span`
  margin-left: 6px;
  padding: 0 6px;
  border-radius: 8px;
  font-size: 12px;
  font-weight: 400;
  background: ${(p) => p.theme.colors.danger};
  color: ${(p) => p.theme.colors.panel};
`;
