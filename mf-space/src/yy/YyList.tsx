/**
 * A list of yy, 20 a page, newest first: one user's (`uid`), or with no uid a feed for the personal
 * centre: everyone's (`feed` 'all') or that of the people the user follows, and their own ('following'),
 * or with `search` the yy whose words hold it (/search's yy tab: the words marked, at most
 * SEARCH_PAGES_MAX pages). Pager only with more than one page; a page change brings the
 * list's heading into view and focus, so keyboard and screen-reader users start at the new page.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { Pager, SEARCH_MSG, SEARCH_PAGES_MAX, selectUser, styled, useAppSelector, type ApiError, type FeedSource, type Yy } from '@xiaoba/shared';
import { FollowingEmpty } from '../follow/FollowingEmpty';
import { ActionButton } from '../ui/fields';
import { DeleteYyDialog } from './DeleteYyDialog';
import { useGetAllYyQuery, useGetFollowYyQuery, useGetUserYyQuery, useSearchYyQuery } from './yy-api';
import { YyItem } from './YyItem';

export interface YyListProps {
  /** Whose yy; none for a feed. */
  uid?: number;
  /** Which feed when there is no uid: everyone's (the default) or the people the user follows. */
  feed?: FeedSource;
  /** Search results instead of a feed (no uid): the normalized words (shared's normalizeSearchQuery). */
  search?: string;
  title: string;
}

export function YyList(props: YyListProps) {
  // A new owner starts again at page 1 with nothing of the previous owner's on screen.
  return <PagedList key={props.uid ?? (props.search !== undefined ? `SEARCH:${props.search}` : (props.feed ?? 'all'))} {...props} />;
}

function PagedList({ uid, feed = 'all', search, title }: YyListProps) {
  const ownUid = useAppSelector(selectUser)?.uid;
  const [page, setPage] = useState(1);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const id = useId();
  const shown: 'user' | 'search' | FeedSource = uid !== undefined ? 'user' : search !== undefined ? 'search' : feed;
  const user = useGetUserYyQuery({ uid: uid ?? 0, page }, { skip: shown !== 'user' });
  const all = useGetAllYyQuery(page, { skip: shown !== 'all' });
  const following = useGetFollowYyQuery(page, { skip: shown !== 'following' });
  const found = useSearchYyQuery({ q: search ?? '', page }, { skip: shown !== 'search' });
  const { data, isLoading, isFetching, isError, error, refetch } = shown === 'user' ? user : shown === 'all' ? all : shown === 'following' ? following : found;

  // Deleting the last yy of the last page leaves that page empty: show the new last page. Search
  // results go no deeper than the server pages them.
  const pages = shown === 'search' ? Math.min(data?.pages ?? 0, SEARCH_PAGES_MAX) : (data?.pages ?? 0);
  useEffect(() => {
    if (pages >= 1 && page > pages) setPage(pages);
  }, [page, pages]);

  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    headingRef.current?.scrollIntoView?.({ block: 'start' });
    headingRef.current?.focus({ preventScroll: true });
  }, [page]);
  // One dialog for the list, not one per yy: it outlives the article it deletes. After a delete,
  // focus (handed back to the vanished 删除 button by the closing dialog) moves to the heading,
  // without scrolling the reader away.
  const [toDelete, setToDelete] = useState<Yy | null>(null);
  const deleted = useRef(false);
  useEffect(() => {
    if (toDelete || !deleted.current) return;
    deleted.current = false;
    headingRef.current?.focus({ preventScroll: true });
  }, [toDelete]);
  const deleteDone = (ok: boolean) => {
    deleted.current = ok;
    setToDelete(null);
  };

  const changePage = (next: number) => {
    moved.current = true;
    setPage(next);
  };

  const own = uid !== undefined && uid === ownUid;
  const empty = shown === 'search' ? SEARCH_MSG.noYy : own ? '还没有发过yy，在上面写下你的第一条吧！' : uid === undefined ? '还没有人发过yy' : '还没有发过yy';

  return (
    <Section aria-labelledby={`${id}title`} aria-busy={isFetching || undefined}>
      <h2 id={`${id}title`} ref={headingRef} tabIndex={-1}>
        {title}
      </h2>
      {isLoading && <Note role="status">正在加载yy…</Note>}
      {isError && (
        <Note role="alert">
          yy加载失败：{(error as ApiError).message}
          <ActionButton type="button" onClick={() => void refetch()}>
            重试
          </ActionButton>
        </Note>
      )}
      {data && !isError && data.records.length === 0 && (shown === 'following' ? <FollowingEmpty /> : <Note>{empty}</Note>)}
      {data && !isError && data.records.length > 0 && (
        <div>
          {data.records.map((yy) => (
            <YyItem key={yy.weiboId} yy={yy} ownUid={ownUid} onDelete={setToDelete} highlight={search} />
          ))}
        </div>
      )}
      <Pager page={page} pages={pages} onChange={changePage} label={`${title}分页`} />
      <DeleteYyDialog yy={toDelete} onDone={deleteDone} />
    </Section>
  );
}

const Section = styled.section`
  h2 {
    margin: 0 0 4px;
    font-size: 17px;
  }
  &[aria-busy='true'] > div {
    opacity: 0.6;
  }
`;
const Note = styled.p`
  margin: 12px 0;
`;
