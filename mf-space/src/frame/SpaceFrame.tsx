/**
 * The frame of every space page: the side panel, the page itself under the
 * home / message-board tabs, and, on the home child only, the right panel. Three columns on wide
 * screens, two on tablets (the right panel under the page), one on phones (≤ 700 px) with the side
 * panel first.
 */
import { useId, type ReactNode } from 'react';
import { card, styled, TabNav, useLocation } from '@xiaoba/shared';
import { RightPanel } from '../panels/RightPanel';
import { SidePanel } from '../panels/SidePanel';
import type { SpaceOwner } from './owner';

export function SpaceFrame({ owner, base, children }: { owner: SpaceOwner; base: string; children: ReactNode }) {
  const nameId = useId();
  const { pathname } = useLocation();
  // The home child is the base path itself; the board and any later child get no right panel.
  const home = pathname.replace(/\/+$/, '') === base;
  return (
    <Frame aria-labelledby={nameId} $right={home}>
      <Side>
        <SidePanel owner={owner} base={base} nameId={nameId} />
      </Side>
      <Main>
        <TabNav
          label="空间导航"
          tabs={[
            { to: base, label: '空间首页' },
            { to: `${base}/board`, label: '留言板' },
            { to: `${base}/diary`, label: '日志', end: false },
          ]}
        />
        {children}
      </Main>
      {home && (
        <Right>
          <RightPanel owner={owner} />
        </Right>
      )}
    </Frame>
  );
}

const Frame = styled.section<{ $right: boolean }>`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  grid-template-areas: 'side' 'main' ${(p) => (p.$right ? "'right'" : '')};
  gap: 12px;
  align-items: start;
  @media (min-width: 701px) {
    grid-template-columns: 220px minmax(0, 1fr);
    grid-template-areas: 'side main' ${(p) => (p.$right ? "'side right'" : '')};
  }
  @media (min-width: 1000px) {
    grid-template-columns: ${(p) => (p.$right ? '220px minmax(0, 1fr) 230px' : '220px minmax(0, 1fr)')};
    grid-template-areas: ${(p) => (p.$right ? "'side main right'" : "'side main'")};
  }
`;
const Side = styled.div`
  ${card}
  grid-area: side;
  min-width: 0;
  padding: 14px;
`;
const Main = styled.div`
  ${card}
  grid-area: main;
  min-width: 0;
  padding: 14px 16px 18px;
`;
const Right = styled.div`
  grid-area: right;
  min-width: 0;
`;
