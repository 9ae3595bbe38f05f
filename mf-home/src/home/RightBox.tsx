/** The personal centre's right box: the own avatar, name, level, 巴巴豆, fans and follows, and the ways to the own space and the settings. */
import { useId } from 'react';
import { Avatar, card, level, Link, styled, type UserInfo } from '@xiaoba/shared';

export function RightBox({ user }: { user: UserInfo }) {
  const nameId = useId();
  return (
    <Box aria-labelledby={nameId}>
      <Avatar uid={user.uid} face={user.face} avatar={user.avatar} name={user.name} size={72} />
      <h2 id={nameId}>{user.name}</h2>
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
      <Links aria-label="我的去处">
        <Link to="/my">我的空间</Link>
        <Link to="/setting">设置</Link>
      </Links>
    </Box>
  );
}

const Box = styled.aside`
  ${card}
  padding: 18px 16px;
  display: flex;
  flex-direction: column;
  align-items: center;
  text-align: center;
  h2 {
    margin: 10px 0 8px;
    font-size: 18px;
    overflow-wrap: anywhere;
  }
`;
const Stats = styled.dl`
  display: grid;
  grid-template-columns: auto auto;
  gap: 4px 12px;
  margin: 0 0 14px;
  div {
    display: contents;
  }
  dt {
    color: ${(p) => p.theme.colors.muted};
    text-align: right;
  }
  dd {
    margin: 0;
    font-weight: 700;
    text-align: left;
  }
`;
const Links = styled.nav`
  display: flex;
  gap: 8px;
  a {
    padding: 6px 14px;
    border-radius: 16px;
    border: 1px solid ${(p) => p.theme.colors.border};
    text-decoration: none;
  }
`;
