/** Action pieces the yy list, composer, comments and board share (the writing box is shared's TextBox). */
import { styled } from '@xiaoba/shared';
import { focusRing } from './controls';

/** The small text actions of a post or comment: 评论, 转发, 删除, 回复. Big enough to tap. */
export const ActionButton = styled.button<{ $danger?: boolean }>`
  min-height: 32px;
  padding: 4px 8px;
  border: 0;
  border-radius: 6px;
  background: transparent;
  color: ${(p) => (p.$danger ? p.theme.colors.danger : p.theme.colors.link)};
  font: inherit;
  font-size: 14px;
  cursor: pointer;
  &:hover {
    text-decoration: underline;
  }
  &[aria-expanded='true'] {
    font-weight: 700;
  }
  ${focusRing}
`;

export const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
`;
