import { styled } from '@xiaoba/shared';

/** While the space's owner is being loaded. */
export function Pending() {
  return <Status role="status">正在打开空间…</Status>;
}

const Status = styled.p`
  padding: 40px 0;
  text-align: center;
  color: ${(p) => p.theme.colors.pageText};
`;
