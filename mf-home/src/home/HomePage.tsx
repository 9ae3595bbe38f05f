/**
 * /home, the personal centre: a main area (greeting, ways onward, 回复我的 and 新粉丝, and the yy
 * under two tabs, 大家的yy and 关注的yy, a fragment
 * mf-space provides at run time: ADR 6) and a right box with the own card. If the feed fails to
 * load only its area shows the failure; the rest of the page keeps working.
 */
import { useId } from 'react';
import { DEFAULT_SMALL_SIGNATURE, Link, selectUser, styled, useAppSelector } from '@xiaoba/shared';
import { SpaceFeed } from '../feed/SpaceFeed';
import { CommentNotices } from '../notices/CommentNotices';
import { FanNotices } from '../notices/FanNotices';
import { SystemNoticesLink } from '../notices/SystemNoticesLink';
import { Panel } from '../ui';
import { RightBox } from './RightBox';

export default function HomePage() {
  const user = useAppSelector(selectUser);
  const titleId = useId();
  if (!user) return null; // the shell's guard only lets signed-in users here
  return (
    <Columns>
      <Panel aria-labelledby={titleId}>
        <Card>
          <h1 id={titleId}>欢迎回来，{user.name}！</h1>
          <p className="signature">{user.qianming || DEFAULT_SMALL_SIGNATURE}</p>
        </Card>
        <Onward aria-label="去哪儿">
          <Link to="/my">去我的空间</Link>
          <SystemNoticesLink />
          <Link to="/help">帮助中心</Link>
        </Onward>
        <CommentNotices />
        <FanNotices />
      </Panel>
      <SpaceFeed />
      <RightBox user={user} />
    </Columns>
  );
}

// Greeting (with the notices), feed, right box: the reading order. Wide, the right box stands
// beside both; narrow, everything stacks in that order, so a phone's first screen shows the notices
// and the first yy, and the own card (whose ways onward the greeting also offers) comes after.
const Columns = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) 240px;
  gap: 16px;
  align-items: start;
  > aside {
    grid-column: 2;
    grid-row: 1 / span 2;
  }
  @media (max-width: 760px) {
    grid-template-columns: minmax(0, 1fr);
    > aside {
      grid-column: auto;
      grid-row: auto;
    }
  }
`;
const Card = styled.div`
  h1 {
    margin: 0 0 4px;
    font-size: 20px;
  }
  .signature {
    margin: 0 0 10px;
    color: ${(p) => p.theme.colors.muted};
  }
`;
const Onward = styled.nav`
  display: flex;
  flex-wrap: wrap;
  gap: 10px;
  margin-top: 18px;
  a {
    padding: 6px 14px;
    border-radius: 16px;
    border: 1px solid ${(p) => p.theme.colors.border};
    text-decoration: none;
  }
`;
