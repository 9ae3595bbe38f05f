/**
 * A space's 日志: the entries the viewer may see, newest first, DIARY_PAGE_SIZE a page (one
 * request a page: each row comes with its excerpt, cover and count). The owner sees each entry's
 * visibility and has 写日志.
 */
import { useId } from 'react';
import { Link, Pager, RichText, styled, useArchiveMode, usePageTitle, useListPage } from '@xiaoba/shared';
import { VISIBILITY_LABEL, type DiarySummary } from '@xiaoba/shared/space-features';
import { useDiaryListQuery } from './diary-api';
import type { SpaceOwner } from '../frame/owner';
import { itemSeparator, Note } from '../ui/item';
import { Time } from '../ui/Time';
import { Heading, LinkButton, entryPath } from './ui';
import { loadNote } from '../ui/LoadNote';

export const WRITE_LABEL = '写日志';

export function DiaryList({ owner, own, title }: { owner: SpaceOwner; own: boolean; title: string }) {
  const id = useId();
  const { page, goTo, fit, headingRef } = useListPage();
  const { data, isLoading, isError, refetch } = useDiaryListQuery({ uid: owner.uid, page });
  fit(data?.pages);
  const ownUid = own ? owner.uid : undefined;
  // In an archive nothing is written.
  const archive = useArchiveMode();
  const writer = own && !archive;
  usePageTitle(title);

  return (
    <section aria-labelledby={`${id}title`}>
      <Heading>
        <h2 id={`${id}title`} ref={headingRef} tabIndex={-1}>
          {title}
        </h2>
        {writer && <LinkButton to="/my/diary/new">{WRITE_LABEL}</LinkButton>}
      </Heading>
      {loadNote({ loading: isLoading, failed: isError && !data, words: { loading: '正在加载日志…', failed: '日志加载失败' }, onRetry: refetch }) ??
        (!data?.records.length ? (
          <Note>{writer ? '你还没有写过日志，点“写日志”记下今天的事吧！' : '这里还没有日志。'}</Note>
        ) : (
          <List aria-label={title}>
            {data.records.map((d) => (
              <DiaryRow key={d.diaryId} entry={d} ownUid={ownUid} />
            ))}
          </List>
        ))}
      <Pager page={page} pages={data?.pages ?? 0} onChange={goTo} label="日志分页" />
    </section>
  );
}

function DiaryRow({ entry: d, ownUid }: { entry: DiarySummary; ownUid: number | undefined }) {
  const to = entryPath(d.uid, d.diaryId, ownUid);
  return (
    <Row>
      {d.cover && (
        // The title link says where it goes; the cover is the same link for a thumb, kept out of the tab order.
        <Link to={to} tabIndex={-1} aria-hidden="true" className="cover">
          <img src={d.cover} alt="" loading="lazy" decoding="async" />
        </Link>
      )}
      <div className="body">
        <h3>
          <Link to={to}>{d.title}</Link>
        </h3>
        {d.excerpt && (
          <p className="excerpt">
            <RichText text={d.excerpt} />
          </p>
        )}
        <p className="meta">
          <Time at={d.ctime} />
          <span>评论 {d.commentCount}</span>
          {d.imageCount > 0 && <span>图片 {d.imageCount}</span>}
          {ownUid !== undefined && <span>{VISIBILITY_LABEL[d.visibility]}</span>}
        </p>
      </div>
    </Row>
  );
}

const List = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
`;
const Row = styled.li`
  ${itemSeparator}
  display: flex;
  gap: 12px;
  .cover {
    flex: none;
    width: 72px;
    height: 72px;
    border-radius: 6px;
    overflow: hidden;
    border: 1px solid ${(p) => p.theme.colors.border};
  }
  .cover img {
    display: block;
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
  .body {
    min-width: 0;
    flex: 1;
  }
  h3 {
    margin: 0 0 4px;
    font-size: 16px;
    overflow-wrap: anywhere;
  }
  .excerpt {
    margin: 0 0 4px;
    overflow-wrap: anywhere;
    line-height: 1.5;
  }
  .meta {
    display: flex;
    flex-wrap: wrap;
    gap: 10px;
    margin: 0;
    color: ${(p) => p.theme.colors.muted};
    font-size: 13px;
  }
`;
