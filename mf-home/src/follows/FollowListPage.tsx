/**
 * 我的关注 (/follows) and 我的粉丝 (/fans), sibling tabs: the signed-in user's own lists,
 * newest relation first, paged. Each row: avatar, name (a link to the space), small signature and
 * a 关注 / 回关 button. The header's 关注 leads here.
 */
import { useId, useState } from 'react';
import {
  type TabLink,
  TabNav,
  Pager,
  Avatar,
  type FollowListKind,
  type FollowUser,
  RelativeTime,
  selectUser,
  styled,
  useAppSelector,
  useFollowListQuery,
} from '@xiaoba/shared';
import { Note, Panel, Retry } from '../ui';
import { FollowBackButton } from './FollowBackButton';
import { UserList, Who } from './UserList';

export const FOLLOW_TABS: TabLink[] = [
  { to: '/follows', label: '我的关注' },
  { to: '/fans', label: '我的粉丝' },
];

const TITLE: Record<FollowListKind, string> = { follows: '我的关注', fans: '我的粉丝' };
export const EMPTY: Record<FollowListKind, string> = {
  follows: '你还没有关注任何人。去老同学的空间点「关注」吧。',
  fans: '还没有人关注你。多发yy、多去老同学的空间留言，大家就会找到你。',
};

/** A list younger than this (seconds, e.g. from the route prefetch) is shown without asking again. */
const FRESH_S = 10;

export function FollowListPage({ kind }: { kind: FollowListKind }) {
  const uid = useAppSelector(selectUser)?.uid;
  const titleId = useId();
  if (uid === undefined) return null; // the shell's guard only lets signed-in users here
  return (
    <Panel aria-labelledby={titleId}>
      {/* The current tab shows the title; the heading is for screen readers and headings lists. */}
      <h1 id={titleId} className="visually-hidden">
        {TITLE[kind]}
      </h1>
      <TabNav label="关注和粉丝" tabs={FOLLOW_TABS} />
      {/* Keyed: another user signing in on this tab starts at page 1 of their own list. */}
      <FollowList key={uid} uid={uid} kind={kind} />
    </Panel>
  );
}

function FollowList({ uid, kind }: { uid: number; kind: FollowListKind }) {
  const [page, setPage] = useState(1);
  // Asked anew on arrival unless the route prefetch just did: someone may have followed since.
  const { data, isLoading, isFetching, isError, refetch } = useFollowListQuery({ uid, kind, page }, { refetchOnMountOrArgChange: FRESH_S });
  const records = data?.records ?? [];

  if (isLoading) return <Note role="status">正在加载…</Note>;
  if (isError && !data) {
    return (
      <Note role="alert">
        列表加载失败。 <Retry onClick={refetch} />
      </Note>
    );
  }
  if (records.length === 0 && page === 1) return <Note>{EMPTY[kind]}</Note>;
  return (
    <>
      <Total>{kind === 'follows' ? `共关注了${data?.total ?? 0}人` : `共有${data?.total ?? 0}位粉丝`}</Total>
      <UserList aria-label={TITLE[kind]} aria-busy={isFetching || undefined}>
        {records.map((user) => (
          <Row key={user.uid} user={user} kind={kind} />
        ))}
      </UserList>
      <Pager page={page} pages={data?.pages ?? 0} onChange={setPage} label={`${TITLE[kind]}分页`} />
    </>
  );
}

function Row({ user, kind }: { user: FollowUser; kind: FollowListKind }) {
  return (
    <li>
      <span aria-hidden="true">
        <Avatar uid={user.uid} face={user.face} avatar={user.avatar} name={user.name} size={48} />
      </span>
      <Who user={user} to={`/${user.uid}`}>
        <p className="when">
          {kind === 'follows' ? '关注于' : '关注你于'}
          <RelativeTime at={user.ctime} />
        </p>
      </Who>
      <FollowBackButton uid={user.uid} name={user.name} following={user.following} back={kind === 'fans'} />
    </li>
  );
}

const Total = styled.p`
  margin: 0 0 4px;
  color: ${(p) => p.theme.colors.muted};
`;
