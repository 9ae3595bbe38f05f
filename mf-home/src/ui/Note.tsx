/** A short muted line in a page (正在加载…, nothing found, a failure), and the 重试 that can end it. */
import { styled } from '@xiaoba/shared';

export const Note = styled.p`
  margin: 12px 0;
  color: ${(p) => p.theme.colors.muted};
`;

/** 重试 after a failure message: it asks again (e.g. an RTK Query `refetch`). Looks like a link. */
export function Retry({ onClick }: { onClick: () => unknown }) {
  return (
    <RetryButton type="button" onClick={() => void onClick()}>
      重试
    </RetryButton>
  );
}

const RetryButton = styled.button`
  font: inherit;
  color: ${(p) => p.theme.colors.link};
  background: none;
  border: 0;
  padding: 0;
  text-decoration: underline;
  cursor: pointer;
`;
