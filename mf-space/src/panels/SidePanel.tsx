/**
 * The space's side panel: avatar, name with sex, the signatures, birthday, level,
 * fans and follows with 关注 / 已关注 and 写纸条, medals, the tag box (own space only), links, and the space's dates. Links to
 * sections that have not moved here yet are buttons that say so, never a dead click.
 */
import { Avatar, level, Link, notify, styled, useClockText } from '@xiaoba/shared';
import { FollowButton } from '../follow/FollowButton';
import type { SpaceOwner } from '../frame/owner';
import { SpaceSafety } from '../safety/SpaceSafety';
import { WriteScripLink } from '../scrip/WriteScripLink';
import { Signature } from '../signature/Signature';
import { TagBox } from '../tags/TagBox';
import { controlBox, focusOutline } from '../ui/controls';
import { birthdayText, dateText, unixDate } from './dates';
import { Medals } from './Medals';
import { SexIcon } from './SexIcon';
import { useGetOwnLeaveCountQuery } from './space-api';

export const movingSoon = (section: string) => `${section}功能还在搬家中，敬请期待`;

export function SidePanel({ owner, base, nameId }: { owner: SpaceOwner; base: string; nameId: string }) {
  const created = useClockText((_now, shown) => unixDate(owner.ctime, shown));
  // The own visit is a login today; another's shows the stored time.
  const lastLogin = useClockText((now, shown) => (owner.own ? dateText(now) : unixDate(owner.lastTime, shown)));
  const { data: ownCount } = useGetOwnLeaveCountQuery(undefined, { skip: !owner.own });
  const leaves = owner.own ? ownCount : (owner.leaves ?? undefined);
  return (
    <Panel aria-label="个人资料">
      <Who>
        <Avatar uid={owner.uid} face={owner.face} avatar={owner.avatar} name={owner.name} size={88} />
        <div className="name">
          {/* The sex mark stays outside the heading: the heading (and the space's region) is the name alone. */}
          <h1 id={nameId}>{owner.name}</h1>
          <SexIcon sex={owner.sex} />
        </div>
      </Who>
      <Signature kind="big" owner={owner} />
      <Signature kind="small" owner={owner} />
      <Facts>
        <div className="wide">
          <dt>生日</dt>
          <dd>{birthdayText(owner.birthday)}</dd>
        </div>
        <div>
          <dt>等级</dt>
          <dd>Lv.{level(owner.experience)}</dd>
        </div>
        <div>
          <dt>粉丝</dt>
          <dd>{owner.fans}</dd>
        </div>
        <div>
          <dt>关注</dt>
          <dd>{owner.follows}</dd>
        </div>
      </Facts>
      <FollowButton owner={owner} />
      <WriteScripLink owner={owner} />
      <Medals />
      {owner.own && <TagBox key={owner.uid} uid={owner.uid} />}
      <Links aria-label="空间链接">
        <ul>
          <li>
            <Link to={base}>空间</Link>
          </li>
          {['日志', '相册', '勋章'].map((section) => (
            <li key={section}>
              {section === '相册' ? (
                <Link to={`${base}/photo`}>相册</Link>
              ) : (
                <button type="button" onClick={() => notify.info(movingSoon(section))}>
                  {section}
                </button>
              )}
            </li>
          ))}
          {owner.own && (
            <li>
              <Link to="/setting/profile">资料</Link>
            </li>
          )}
          <li>
            <Link to={`${base}/board`}>{leaves === undefined ? '留言板' : `留言板(${leaves})`}</Link>
          </li>
        </ul>
      </Links>
      <SpaceSafety owner={owner} />
      <Facts $single>
        <div>
          <dt>空间创建于</dt>
          <dd>{created}</dd>
        </div>
        <div>
          <dt>最后登录</dt>
          <dd>{lastLogin}</dd>
        </div>
      </Facts>
    </Panel>
  );
}

const Panel = styled.aside`
  min-width: 0;
`;
const Who = styled.div`
  display: flex;
  align-items: center;
  gap: 10px;
  .name {
    display: flex;
    align-items: center;
    flex-wrap: wrap;
    gap: 2px 6px;
    min-width: 0;
  }
  h1 {
    margin: 0;
    font-size: 21px;
    overflow-wrap: anywhere;
  }
`;
const Facts = styled.dl<{ $single?: boolean }>`
  display: grid;
  /* Short numbers side by side; dates get a whole row so they never break mid-date. */
  grid-template-columns: ${(p) => (p.$single ? 'minmax(0, 1fr)' : 'repeat(2, minmax(0, 1fr))')};
  gap: 4px 12px;
  margin: 10px 0;
  font-size: 14px;
  div {
    min-width: 0;
  }
  .wide {
    grid-column: 1 / -1;
  }
  dt {
    display: inline;
    color: ${(p) => p.theme.colors.muted};
  }
  dt::after {
    content: '：';
  }
  dd {
    display: ${(p) => (p.$single ? 'block' : 'inline')};
    margin: 0;
    font-weight: 600;
  }
`;
const Links = styled.nav`
  ul {
    display: flex;
    flex-wrap: wrap;
    margin: 8px 0;
    padding: 0;
    list-style: none;
  }
  li {
    margin: 0 6px 6px 0;
  }
  a,
  button {
    display: inline-block;
    min-height: 32px;
    padding: 5px 10px;
    ${controlBox}
    color: ${(p) => p.theme.colors.link};
    font: inherit;
    font-size: 14px;
    text-decoration: none;
    cursor: pointer;
  }
  a:hover,
  button:hover {
    border-color: ${(p) => p.theme.colors.primary};
    text-decoration: underline;
  }
  a:focus-visible,
  button:focus-visible {
    ${focusOutline}
  }
`;
