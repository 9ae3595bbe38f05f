/** Form and action pieces the yy list, composer, comments and repost dialog share. */
import { styled } from '@xiaoba/shared';
import { focusRing, textFieldBox } from './controls';

export const TextArea = styled.textarea`
  display: block;
  box-sizing: border-box;
  width: 100%;
  min-height: 76px;
  padding: 8px 10px;
  ${textFieldBox}
  line-height: 1.5;
  resize: vertical;
  &:focus {
    border-color: ${(p) => p.theme.colors.primary};
  }
  ${focusRing}
`;

export const FieldLabel = styled.label`
  display: block;
  margin-bottom: 4px;
  font-weight: 600;
`;

/** The characters-used counter under a textarea. */
export const Counter = styled.span`
  color: ${(p) => p.theme.colors.muted};
  font-size: 13px;
  font-variant-numeric: tabular-nums;
`;

/** A message about what was typed or chosen (role="alert" where it is used). */
export const FieldError = styled.p`
  margin: 6px 0 0;
  color: ${(p) => p.theme.colors.danger};
  font-size: 14px;
`;

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
