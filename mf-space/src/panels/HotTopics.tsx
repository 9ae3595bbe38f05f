/** 热门话题: #话题# with its count of the last 7 days when there is one. */
import { styled } from '@xiaoba/shared';
import { useGetHotTopicsQuery } from './space-api';

export function HotTopics() {
  const { data, isLoading, isError } = useGetHotTopicsQuery();
  if (isLoading) return <Note>加载中…</Note>;
  if (isError) return <Note>热门话题暂时打不开</Note>;
  if (!data?.length) return <Note>暂时还没有热门话题</Note>;
  return (
    <List>
      {data.map((t) => (
        <li key={t.name}>
          <span className="topic">#{t.name}#</span>
          {t.count > 0 && <span className="count">{t.count}条</span>}
        </li>
      ))}
    </List>
  );
}

const Note = styled.p`
  margin: 0;
  color: ${(p) => p.theme.colors.muted};
  font-size: 14px;
`;
const List = styled.ol`
  margin: 0;
  padding: 0;
  list-style: none;
  font-size: 14px;
  li {
    display: flex;
    justify-content: space-between;
    gap: 8px;
    padding: 3px 0;
  }
  .topic {
    min-width: 0;
    overflow-wrap: anywhere;
    color: ${(p) => p.theme.colors.link};
  }
  .count {
    flex: none;
    color: ${(p) => p.theme.colors.muted};
  }
`;
