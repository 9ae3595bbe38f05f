/**
 * The space home's right panel: address, visit count, the red-packet area, the
 * recent visitors slider, hot topics and a static banner. Only the space's home shows it.
 */
import { useId, type ReactNode } from 'react';
import { card, styled } from '@xiaoba/shared';
import type { SpaceOwner } from '../frame/owner';
import { BannerArt } from './BannerArt';
import { HotTopics } from './HotTopics';
import { SpaceUrl } from './SpaceUrl';
import { useGetVisitorsQuery } from './space-api';
import { VisitorSlider } from './VisitorSlider';

export function RightPanel({ owner }: { owner: SpaceOwner }) {
  const noteId = useId();
  const { data, isLoading, isError } = useGetVisitorsQuery(owner.uid);
  return (
    <Panel aria-label="空间信息">
      <Box title="空间名片">
        <SpaceUrl uid={owner.uid} />
        <p className="visits">
          访问量：<strong>{data ? data.total : isError ? '—' : '…'}</strong>
        </p>
      </Box>
      <Box title="红包">
        {/* Decorative, like the old site's counters; no money moves here (the fan edition asks for none). */}
        <Packets aria-describedby={noteId}>
          <li>
            今日红包 <strong>8</strong>
          </li>
          <li>
            已领取 <strong>0</strong>
          </li>
        </Packets>
        <p id={noteId} className="note">
          红包功能敬请期待，数字只是装饰
        </p>
      </Box>
      <Box title="最近访客">
        {isLoading ? (
          <p className="note">加载中…</p>
        ) : isError ? (
          <p className="note">最近访客暂时打不开</p>
        ) : (
          <VisitorSlider visitors={data?.data ?? []} label="最近访客名单" />
        )}
      </Box>
      <Box title="热门话题">
        <HotTopics />
      </Box>
      <BannerArt />
    </Panel>
  );
}

function Box({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </Section>
  );
}

const Panel = styled.aside`
  min-width: 0;
`;
const Section = styled.section`
  ${card}
  margin: 0 0 12px;
  padding: 10px 12px;
  font-size: 14px;
  h2 {
    margin: 0 0 6px;
    font-size: 15px;
  }
  label {
    font-weight: 600;
  }
  .visits {
    margin: 8px 0 0;
  }
  .note {
    margin: 4px 0 0;
    color: ${(p) => p.theme.colors.muted};
    font-size: 13px;
  }
`;
const Packets = styled.ul`
  display: flex;
  gap: 16px;
  margin: 0;
  padding: 0;
  list-style: none;
  strong {
    color: ${(p) => p.theme.colors.danger};
    font-size: 17px;
  }
`;
