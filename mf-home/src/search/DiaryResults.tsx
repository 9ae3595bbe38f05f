/**
 * /search's 日志 tab: the entries holding the words that the viewer may see (GET /api/search/diary),
 * newest first, the words marked in the title and the excerpt, each linking to its entry.
 */
import { useState } from 'react';
import { Avatar, HighlightText, Link, Pager, SEARCH_MSG, SEARCH_PAGES_MAX, styled, diaryPath } from '@xiaoba/shared';
import { useSearchDiaryQuery } from './diary-search-api';
import { FRESH_S, searchStatus } from './search-status';

export const DIARY_LABEL = '找到的日志';

export function DiaryResults({ q }: { q: string }) {
  const [page, setPage] = useState(1);
  const query = useSearchDiaryQuery({ q, page }, { refetchOnMountOrArgChange: FRESH_S });
  const { data, isFetching } = query;
  const records = data?.records ?? [];

  const status = searchStatus(query, records.length === 0 && page === 1, SEARCH_MSG.noDiary);
  if (status) return status;
  return (
    <>
      <List aria-label={DIARY_LABEL} aria-busy={isFetching || undefined}>
        {records.map((d) => (
          <li key={d.diaryId}>
            <Avatar uid={d.uid} face={d.face} avatar={d.avatar} name={d.userName} size={40} />
            <div>
              <h3>
                <Link to={diaryPath(d.uid, d.diaryId)}>
                  <HighlightText text={d.title} highlight={q} />
                </Link>
              </h3>
              {d.excerpt && (
                <p className="excerpt">
                  <HighlightText text={d.excerpt} highlight={q} />
                </p>
              )}
              <p className="by">{d.userName}的日志</p>
            </div>
          </li>
        ))}
      </List>
      <Pager page={page} pages={Math.min(data?.pages ?? 0, SEARCH_PAGES_MAX)} onChange={setPage} label={`${DIARY_LABEL}分页`} />
    </>
  );
}

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  li {
    display: flex;
    align-items: flex-start;
    gap: 12px;
    padding: 12px 0;
    border-top: 1px solid ${(p) => p.theme.colors.border};
  }
  li:first-child {
    border-top: 0;
  }
  li > div {
    min-width: 0;
  }
  h3 {
    margin: 0 0 4px;
    font-size: 16px;
    overflow-wrap: anywhere;
  }
  p {
    margin: 0 0 4px;
    overflow-wrap: anywhere;
  }
  .by {
    color: ${(p) => p.theme.colors.muted};
    font-size: 13px;
  }
`;
