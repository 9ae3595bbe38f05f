/** Layout pieces the lists of a space share: the board's messages, the yy list, the comments, the 日志 and 相册 pages (only what is the same). */
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

/** A muted line where a list's entries would be: loading, failed (with 重试), or nothing yet. */
export const Note = styled.p`
  margin: 12px 0;
  color: ${(p) => p.theme.colors.muted};
`;
