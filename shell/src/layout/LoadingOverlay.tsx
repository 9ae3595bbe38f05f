/**
 * While the shared loading flag is on, a dimmed overlay with a 300×300 loading
 * animation (our own drawing: the school bus driving) covers the whole screen above everything.
 */
import { keyframes, selectLoading, styled, useAppSelector } from '@xiaoba/shared';

export function LoadingOverlay() {
  const loading = useAppSelector(selectLoading);
  if (!loading) return null;
  return (
    <Overlay role="status" aria-live="assertive" aria-label="加载中">
      <Bus viewBox="0 0 300 300" width="300" height="300" aria-hidden="true">
        <rect x="40" y="100" width="220" height="110" rx="22" fill="#f5b400" />
        <rect x="60" y="120" width="50" height="40" rx="6" fill="#bfe3fb" />
        <rect x="125" y="120" width="50" height="40" rx="6" fill="#bfe3fb" />
        <rect x="190" y="120" width="50" height="40" rx="6" fill="#bfe3fb" />
        <text x="150" y="196" textAnchor="middle" fontSize="26" fontWeight="700" fill="#5a3b00">
          校巴
        </text>
        <g className="wheel">
          <circle cx="90" cy="215" r="22" fill="#333" />
          <circle cx="90" cy="215" r="8" fill="#ccc" />
        </g>
        <g className="wheel">
          <circle cx="210" cy="215" r="22" fill="#333" />
          <circle cx="210" cy="215" r="8" fill="#ccc" />
        </g>
      </Bus>
      <span className="visually-hidden">加载中</span>
    </Overlay>
  );
}

const bounce = keyframes`0%,100% { transform: translateY(0); } 50% { transform: translateY(-8px); }`;
const Overlay = styled.div`
  position: fixed;
  inset: 0;
  z-index: 99999;
  display: flex;
  align-items: center;
  justify-content: center;
  background: rgba(0, 0, 0, 0.55);
`;
const Bus = styled.svg`
  animation: ${bounce} 0.6s ease-in-out infinite;
`;
