/**
 * The space's side panel: avatar, name with sex, the signatures, birthday, level,
 * fans and follows with 关注 / 已关注 and 写纸条, medals, the tag box (own space only), the links to
 * the space's sections, and the space's dates.
 *
 * On a phone (one column) it folds into a compact header: avatar, name, level, 关注 and 写纸条, the
 * section links and 拉黑 / 举报 stay; the rest is behind 更多资料, a disclosure button, and opens in
 * place. The fold is CSS (a media query) over one markup: the server cannot know the screen, and
 * the browser's first render must be the server's (hydration), so `open` starts false everywhere
 * and on a wide screen the button is hidden and nothing is folded.
 */
import { useId, useState, type ReactNode } from 'react';
import { Avatar, level, Link, NavLink, useClockText } from '@xiaoba/shared';
import { FollowButton } from '../follow/FollowButton';
import type { SpaceOwner } from '../frame/owner';
import { SpaceSafety } from '../safety/SpaceSafety';
import { WriteScripLink } from '../scrip/WriteScripLink';
import { Signature } from '../signature/Signature';
import { TagBox } from '../tags/TagBox';
import { birthdayText, dateText, unixDate } from './dates';
import { Medals } from './Medals';
import { SexIcon } from './SexIcon';
import { Facts, Links, MoreToggle, Panel, Who } from './side-panel-styles';
import { boardPath, spaceSections } from './sections';
import { useGetOwnLeaveCountQuery } from './space-api';

export function SidePanel({ owner, base, nameId }: { owner: SpaceOwner; base: string; nameId: string }) {
  const foldId = useId();
  const [open, setOpen] = useState(false);
  const created = useClockText((_now, shown) => unixDate(owner.ctime, shown));
  // The own visit is a login today; another's shows the stored time.
  const lastLogin = useClockText((now, shown) => (owner.own ? dateText(now) : unixDate(owner.lastTime, shown)));
  const { data: ownCount } = useGetOwnLeaveCountQuery(undefined, { skip: !owner.own });
  const leaves = owner.own ? ownCount : (owner.leaves ?? undefined);
  const folded = { signatures: `${foldId}-signatures`, facts: `${foldId}-facts`, medals: `${foldId}-medals`, dates: `${foldId}-dates` };
  return (
    <Panel aria-label="个人资料" data-open={open || undefined}>
      <Who>
        <span className="face">
          <Avatar uid={owner.uid} face={owner.face} avatar={owner.avatar} name={owner.name} size={88} />
        </span>
        <div className="name">
          {/* The sex mark stays outside the heading: the heading (and the space's region) is the name alone. */}
          <h1 id={nameId}>{owner.name}</h1>
          <SexIcon sex={owner.sex} />
        </div>
        <MoreToggle type="button" aria-expanded={open} aria-controls={Object.values(folded).join(' ')} onClick={() => setOpen((o) => !o)}>
          更多资料
          <span className="chevron" aria-hidden="true">
            ▾
          </span>
        </MoreToggle>
      </Who>
      <Fold id={folded.signatures}>
        <Signature kind="big" owner={owner} />
        <Signature kind="small" owner={owner} />
      </Fold>
      {/* Folded on a phone but the level, which the compact header keeps. */}
      <Facts id={folded.facts}>
        <div className="wide folded-row">
          <dt>生日</dt>
          <dd>{birthdayText(owner.birthday)}</dd>
        </div>
        <div>
          <dt>等级</dt>
          <dd>Lv.{level(owner.experience)}</dd>
        </div>
        <div className="folded-row">
          <dt>粉丝</dt>
          <dd>{owner.fans}</dd>
        </div>
        <div className="folded-row">
          <dt>关注</dt>
          <dd>{owner.follows}</dd>
        </div>
      </Facts>
      <FollowButton owner={owner} />
      <WriteScripLink owner={owner} />
      <Fold id={folded.medals}>
        <Medals owner={owner} base={base} />
        {owner.own && <TagBox key={owner.uid} uid={owner.uid} />}
      </Fold>
      <Links aria-label="空间链接">
        <ul>
          {spaceSections(base).map((section) => (
            <li key={section.label}>
              <NavLink to={section.to} end={section.end}>
                {section.label}
              </NavLink>
            </li>
          ))}
          {owner.own && (
            <li>
              <Link to="/setting/profile">资料</Link>
            </li>
          )}
          <li>
            <NavLink to={boardPath(base)}>{leaves === undefined ? '留言板' : `留言板(${leaves})`}</NavLink>
          </li>
        </ul>
      </Links>
      {/* Easy to find on a phone too: never folded. */}
      <SpaceSafety owner={owner} />
      <Fold id={folded.dates}>
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
      </Fold>
    </Panel>
  );
}

/** A part of the panel a phone folds away: on a wide screen it is not a box at all. */
function Fold({ id, children }: { id: string; children: ReactNode }) {
  return (
    <div id={id} className="folded-part">
      {children}
    </div>
  );
}
