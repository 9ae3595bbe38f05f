/** Layout pieces the board's messages, the yy list and the comments share (only what is the same). */
import { css, styled } from '@xiaoba/shared';

/** A list entry's spacing and the rule above every entry but the first. */
export const itemSeparator = css`
  padding: 12px 0;
  border-top: 1px solid ${(p) => p.theme.colors.border};
  &:first-of-type {
    border-top: 0;
  }
`;

/** The author's name and the time in an entry's head. */
export const nameAndTime = css`
  .name {
    font-weight: 700;
    overflow-wrap: anywhere;
  }
  .time {
    color: ${(p) => p.theme.colors.muted};
    font-size: 13px;
  }
`;

/** A small muted line of name, time and actions (a comment, a reply to a message). */
export const metaLine = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 4px;
  color: ${(p) => p.theme.colors.muted};
  font-size: 13px;
`;

/** The row of an entry's actions (回复, 评论, 转发, 删除), at its right. */
export const ItemActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: 4px;
`;
