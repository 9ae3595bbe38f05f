import { styled, keyframes } from '@xiaoba/shared';

/** Small in-page indicator while a page's code or data arrives (the overlay is for global loading). */
export function PageLoading() {
  return (
    <Wrap role="status" aria-live="polite">
      <Dot />
      <span>加载中…</span>
    </Wrap>
  );
}

const spin = keyframes`to { transform: rotate(360deg); }`;
const Wrap = styled.div`
  display: flex;
  align-items: center;
  justify-content: center;
  gap: 10px;
  padding: 48px 0;
  color: ${(p) => p.theme.colors.pageText};
`;
const Dot = styled.span`
  width: 20px;
  height: 20px;
  border-radius: 50%;
  border: 3px solid ${(p) => p.theme.colors.border};
  border-top-color: ${(p) => p.theme.colors.primary};
  animation: ${spin} 0.8s linear infinite;
`;
