/**
 * /search ("Find your old classmates"): what the header's search box opens. The
 * words are in the address (`?q=`), and so is the tab (`?tab=yy`), so a reload or a shared link
 * shows the same results and the route prefetch (../prefetch.ts) asks exactly what this page asks.
 *  - 用户: users found by an exact 米米号 or part of the nickname (GET /api/search/user), with the
 *    matching part of the name marked and a 关注 button (not for oneself); this module's own list.
 *  - yy: the yy holding the words, which belong to mf-space: its `./feed` fragment with `search`
 *    (ADR 6), so comments, reposts and deletes work as in the feeds.
 *  - 日志: the diary entries holding the words that the viewer may see (DiaryResults).
 * All are paged; new words start again at page 1.
 */
import { useId, useState } from 'react';
import {
  Avatar,
  HighlightText,
  Pager,
  SEARCH_MSG,
  SEARCH_PAGES_MAX,
  SEARCH_PARAM,
  SEARCH_TAB_PARAM,
  selectUser,
  styled,
  useAppSelector,
  useSearchParams,
  type SearchTab,
  type SearchUser,
} from '@xiaoba/shared';
import { FollowBackButton } from '../follows/FollowBackButton';
import { UserList, Who } from '../follows/UserList';
import { Note, Panel, RemoteFragment, TabList } from '../ui';
import { DiaryResults } from './DiaryResults';
import { SEARCH_FEED, searchQueryOf, searchTabOf } from './search-params';
import { useSearchUsersQuery } from './search-api';
import { FRESH_S, searchStatus } from './search-status';

export const SEARCH_TABS: ReadonlyArray<{ tab: SearchTab; label: string }> = [
  { tab: 'user', label: '用户' },
  { tab: 'yy', label: 'yy' },
  { tab: 'diary', label: '日志' },
];
export const searchHeading = (words: string) => `搜索“${words}”`;
export const USERS_LABEL = '找到的用户';
export const YY_LABEL = '找到的yy';

export default function SearchPage() {
  const [params, setParams] = useSearchParams();
  const query = searchQueryOf(params);
  const tab = searchTabOf(params);
  const ownUid = useAppSelector(selectUser)?.uid;
  const baseId = useId();
  const selected = SEARCH_TABS.findIndex((t) => t.tab === tab);
  // The words as typed (whitespace folded) for the heading; the search itself uses query.value.
  const words = (params.get(SEARCH_PARAM) ?? '').replace(/\s+/gu, ' ').trim();

  function choose(i: number) {
    const next = SEARCH_TABS[i]!.tab;
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        if (next === 'user') p.delete(SEARCH_TAB_PARAM);
        else p.set(SEARCH_TAB_PARAM, next);
        return p;
      },
      // The tab is a view of the same results: no history entry per click.
      { replace: true, preventScrollReset: true },
    );
  }

  if (!query.ok) {
    return (
      <Panel aria-labelledby={`${baseId}-title`}>
        <h1 id={`${baseId}-title`}>搜索</h1>
        <Note role="alert">{query.message}</Note>
      </Panel>
    );
  }
  return (
    <Page aria-labelledby={`${baseId}-title`}>
      <h1 id={`${baseId}-title`}>{searchHeading(words)}</h1>
      {/* The tablist pattern (WAI-ARIA APG), as /home's feed tabs. */}
      <TabList label="搜索结果" tabs={SEARCH_TABS} selected={selected} onSelect={choose}>
        {tab === 'user' ? (
          // Keyed: new words start at page 1.
          <UserResults key={query.value} q={query.value} ownUid={ownUid} />
        ) : tab === 'diary' ? (
          <DiaryResults key={query.value} q={query.value} />
        ) : (
          <RemoteFragment remote={SEARCH_FEED.remote} module={SEARCH_FEED.module} label={YY_LABEL} props={{ search: query.value }} />
        )}
      </TabList>
    </Page>
  );
}

function UserResults({ q, ownUid }: { q: string; ownUid: number | undefined }) {
  const [page, setPage] = useState(1);
  // Asked anew on arrival unless the route prefetch just did: someone may have followed since.
  const query = useSearchUsersQuery({ q, page }, { refetchOnMountOrArgChange: FRESH_S });
  const { data, isFetching } = query;
  const records = data?.records ?? [];

  const status = searchStatus(query, records.length === 0 && page === 1, SEARCH_MSG.noUsers);
  if (status) return status;
  return (
    <>
      <UserList aria-label={USERS_LABEL} aria-busy={isFetching || undefined}>
        {records.map((user) => (
          <UserRow key={user.uid} user={user} q={q} own={user.uid === ownUid} />
        ))}
      </UserList>
      <Pager page={page} pages={Math.min(data?.pages ?? 0, SEARCH_PAGES_MAX)} onChange={setPage} label={`${USERS_LABEL}分页`} />
    </>
  );
}

function UserRow({ user, q, own }: { user: SearchUser; q: string; own: boolean }) {
  return (
    <li>
      <Avatar uid={user.uid} face={user.face} avatar={user.avatar} name={user.name} size={48} />
      <Who
        user={user}
        to={own ? '/my' : `/${user.uid}`}
        name={<HighlightText text={user.name} highlight={q} />}
        after={<span className="mimi">米米号 {user.exact ? <HighlightText text={String(user.uid)} highlight={q} /> : user.uid}</span>}
      />
      {!own && <FollowBackButton uid={user.uid} name={user.name} following={user.following} back={user.followsMe} />}
    </li>
  );
}

// The tabs a little below the heading.
const Page = styled(Panel)`
  h1 {
    margin-bottom: 8px;
  }
`;
