/**
 * /home, the personal centre: for now the signed-in user's card and the ways onward. The full
 * personal centre (friends' yy, right box) comes in a later issue and grows from this page.
 */
import { useId } from 'react';
import { DEFAULT_SMALL_SIGNATURE, level, Link, selectUser, styled, useAppSelector } from '@xiaoba/shared';
import { Panel } from '../ui/Panel';

export default function HomePage() {
  const user = useAppSelector(selectUser);
  const titleId = useId();
  if (!user) return null; // the shell's guard only lets signed-in users here
  return (
    <Panel aria-labelledby={titleId}>
      <Card>
        <Avatar viewBox="0 0 64 64" role="img" aria-label={`${user.name}的头像`}>
          <circle cx="32" cy="32" r="32" fill="#ffd36e" />
          <circle cx="32" cy="27" r="13" fill="#fff3d6" />
          <circle cx="27" cy="25" r="2" fill="#5a3b00" />
          <circle cx="37" cy="25" r="2" fill="#5a3b00" />
          <path d="M26 32q6 5 12 0" stroke="#5a3b00" strokeWidth="2" fill="none" strokeLinecap="round" />
          <path d="M12 58q20-22 40 0" fill="#6fb3e8" />
        </Avatar>
        <div>
          <h1 id={titleId}>欢迎回来，{user.name}！</h1>
          <p className="signature">{user.qianming || DEFAULT_SMALL_SIGNATURE}</p>
          <Stats>
            <div>
              <dt>米米号</dt>
              <dd>{user.uid}</dd>
            </div>
            <div>
              <dt>等级</dt>
              <dd>Lv.{level(user.experience)}</dd>
            </div>
            <div>
              <dt>巴巴豆</dt>
              <dd>{user.babadou}</dd>
            </div>
            <div>
              <dt>粉丝</dt>
              <dd>{user.fans}</dd>
            </div>
            <div>
              <dt>关注</dt>
              <dd>{user.follows}</dd>
            </div>
          </Stats>
        </div>
      </Card>
      <Onward aria-label="去哪儿">
        <Link to="/my">去我的空间</Link>
        <Link to="/system/notify">看系统通知</Link>
        <Link to="/help">帮助中心</Link>
      </Onward>
    </Panel>
  );
}

const Card = styled.div`
  display: flex;
  gap: 16px;
  align-items: flex-start;
  h1 { margin: 0 0 4px; font-size: 20px; }
  .signature { margin: 0 0 10px; color: ${(p) => p.theme.colors.muted}; }
`;
const Avatar = styled.svg`
  flex: none;
  width: 72px;
  height: 72px;
  border-radius: 50%;
  border: 2px solid ${(p) => p.theme.colors.border};
`;
const Stats = styled.dl`
  display: flex;
  flex-wrap: wrap;
  gap: 6px 18px;
  margin: 0;
  div { display: flex; gap: 4px; }
  dt { color: ${(p) => p.theme.colors.muted}; }
  dd { margin: 0; font-weight: 700; }
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
