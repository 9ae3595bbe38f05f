/** The frame of the 小纸条 pages: the panel, the page's heading and the tabs of the 消息 pages. */
import { useId, type ReactNode } from 'react';
import { TabNav } from '@xiaoba/shared';
import { SYSTEM_TABS } from '../notify/system-tabs';
import { Panel } from '../ui';

export function ScripFrame({ children }: { children: ReactNode }) {
  const titleId = useId();
  return (
    <Panel aria-labelledby={titleId}>
      {/* The current tab shows the title; the heading is for screen readers and headings lists. */}
      <h1 id={titleId} className="visually-hidden">
        小纸条
      </h1>
      <TabNav label="消息分类" tabs={SYSTEM_TABS} />
      {children}
    </Panel>
  );
}
