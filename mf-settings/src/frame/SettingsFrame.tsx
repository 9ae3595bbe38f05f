/**
 * The settings frame: title, the original site's four tabs (plus 我的数据) and the current panel. 兴趣
 * points at the not-found page, as on the original site; 隐私, its other dead link, is now the privacy page.
 */
import { useId, type ReactNode } from 'react';
import { card, styled, type TabLink, TabNav, useArchiveMode } from '@xiaoba/shared';

export const SETTING_TABS: TabLink[] = [
  { to: '/setting/avatar', label: '修改头像' },
  { to: '/setting/profile', label: '个人资料' },
  { to: '/setting/data', label: '我的数据' },
  { to: '/notfound', label: '兴趣' },
  { to: '/setting/privacy', label: '隐私' },
];

export const ARCHIVE_READ_ONLY = '校巴现在是只读存档，资料和头像不能再修改。你可以在「我的数据」导出自己的内容。';

/** `writes`: the panel only changes things, so an archive shows why it is not there instead. */
export function SettingsFrame({ title, writes = false, children }: { title: string; writes?: boolean; children: ReactNode }) {
  const titleId = useId();
  const archive = useArchiveMode();
  return (
    <Frame aria-labelledby={titleId}>
      <h1>设置</h1>
      <TabNav label="设置分类" tabs={SETTING_TABS} />
      <Panel aria-labelledby={titleId}>
        <h2 id={titleId}>{title}</h2>
        {writes && archive ? <p>{ARCHIVE_READ_ONLY}</p> : children}
      </Panel>
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
`;
const Panel = styled.section`
  h2 {
    margin: 4px 0 8px;
    font-size: 17px;
  }
  p {
    margin: 6px 0;
  }
`;
