/** The register mode's banner: a fixed counter of classmates already on board. */
import { REGISTERED_COUNT, styled } from '@xiaoba/shared';

export const arrivedText = (count = REGISTERED_COUNT) => `已有 ${count} 位同学上车`;

export function ArrivedCard() {
  return (
    <Card aria-label="上车人数">
      <svg role="img" aria-label="一辆小校巴" viewBox="0 0 120 70" width="120" height="70" xmlns="http://www.w3.org/2000/svg">
        <rect x="6" y="8" width="104" height="44" rx="10" fill="#ffb300" />
        <rect x="6" y="36" width="104" height="6" fill="#e65100" />
        <rect x="16" y="15" width="18" height="14" rx="3" fill="#e1f5fe" />
        <rect x="40" y="15" width="18" height="14" rx="3" fill="#e1f5fe" />
        <rect x="64" y="15" width="18" height="14" rx="3" fill="#e1f5fe" />
        <rect x="90" y="15" width="12" height="20" rx="2" fill="#b3e5fc" />
        <circle cx="30" cy="54" r="9" fill="#37474f" />
        <circle cx="88" cy="54" r="9" fill="#37474f" />
      </svg>
      <Count>{arrivedText()}</Count>
      <p>老同学们都在等你，快来一起回忆吧！</p>
    </Card>
  );
}

const Card = styled.section`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 8px;
  min-height: 220px;
  height: 100%;
  padding: 24px;
  text-align: center;
  border-radius: 10px;
  border: 1px solid ${(p) => p.theme.colors.border};
  background: ${(p) => p.theme.colors.panel};
  color: ${(p) => p.theme.colors.text};
  p {
    margin: 0;
    color: ${(p) => p.theme.colors.muted};
  }
`;
const Count = styled.strong`
  font-size: 24px;
  color: ${(p) => p.theme.colors.link};
`;
