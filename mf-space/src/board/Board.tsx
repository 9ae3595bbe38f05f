/**
 * A message board: the message box, then the messages newest first,
 * LEAVE_PAGE_SIZE a page, with a pager only when there is more than one page.
 */
import { useId } from 'react';
import { Pager, selectUser, styled, useAppSelector, useArchiveMode, useListPage } from '@xiaoba/shared';
import type { SpaceOwner } from '../frame/owner';
import { useGetLeavesQuery } from './board-api';
import { LeaveBox } from './LeaveBox';
import { LeaveItem } from './LeaveItem';
import { Note } from '../ui/item';
import { loadNote } from '../ui/LoadNote';

export function Board({ owner, title }: { owner: SpaceOwner; title: string }) {
  const id = useId();
  // In an archive nobody writes, replies or deletes: the board is read as a visitor would.
  const viewer = useAppSelector(selectUser)?.uid;
  const writer = useArchiveMode() ? undefined : viewer;
  const { page, setPage, goTo, fit, headingRef } = useListPage();
  const { data, isLoading, isError, refetch } = useGetLeavesQuery({ fuid: owner.uid, page });
  fit(data?.pages);

  return (
    <Section aria-labelledby={`${id}title`}>
      <h2 id={`${id}title`} ref={headingRef} tabIndex={-1}>
        {title}
      </h2>
      {writer !== undefined && <LeaveBox key={`${writer}:${owner.uid}`} fuid={owner.uid} writer={writer} onPosted={() => setPage(1)} />}
      {loadNote({ loading: isLoading, failed: isError && !data, words: { loading: '正在加载留言…', failed: '留言加载失败' }, onRetry: refetch }) ??
        (!data?.records.length ? (
          <Note>还没有留言，来写下第一条吧！</Note>
        ) : (
          <div>
            {data.records.map((m) => (
              <LeaveItem key={m.id} message={m} viewer={writer} onDeleted={() => headingRef.current?.focus()} />
            ))}
          </div>
        ))}
      <Pager page={page} pages={data?.pages ?? 0} onChange={goTo} label="留言板分页" />
    </Section>
  );
}

const Section = styled.section`
  h2 {
    margin: 0 0 10px;
    font-size: 17px;
  }
  h2:focus {
    outline: none;
  }
`;
