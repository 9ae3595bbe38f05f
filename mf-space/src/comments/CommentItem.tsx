/**
 * One comment: who, whom it answers, the words, when; 回复 for everyone, 删除 for its author (and on a
 * 日志 entry its owner), 更多 (举报, 拉黑) for the others.
 */
import { Avatar, Link, RichText, styled, useArchiveMode, type YyComment } from '@xiaoba/shared';
import { MoreMenu, type MenuKind } from '../safety/MoreMenu';
import { ActionButton } from '../ui/fields';
import { metaLine } from '../ui/item';
import { spacePath } from '../ui/space-path';
import { Time } from '../ui/Time';

/** What a comment shows, the same for a yy's and a 日志 entry's. */
export type CommentShown = Omit<YyComment, 'weiboId'>;

export interface CommentItemProps<C extends CommentShown> {
  comment: C;
  ownUid: number | undefined;
  onReply(comment: NoInfer<C>): void;
  onDelete(comment: NoInfer<C>): void;
  /** The owner of what is commented on, who may delete any comment there too (a 日志 entry's). */
  moderatorUid?: number;
  /** The report kind of 更多's 举报. */
  reportKind?: MenuKind;
}

export function CommentItem<C extends CommentShown>({ comment: c, ownUid, onReply, onDelete, moderatorUid, reportKind = 'comment' }: CommentItemProps<C>) {
  const isReply = c.replyCommentId > 0 && c.replyUid > 0;
  const archive = useArchiveMode();
  const mayDelete = ownUid !== undefined && (c.uid === ownUid || moderatorUid === ownUid);
  return (
    <Item>
      <Link to={spacePath(c.uid, ownUid)} tabIndex={-1} aria-hidden="true">
        <Avatar uid={c.uid} face={c.face} avatar={c.avatar} name={c.username} size={32} />
      </Link>
      <Body>
        <p>
          <Link to={spacePath(c.uid, ownUid)} className="name">
            {c.username}
          </Link>
          {isReply && (
            <>
              {' 回复 '}
              <Link to={spacePath(c.replyUid, ownUid)}>{c.replyUsername || '用户'}</Link>
              {'：'}
            </>
          )}
          {!isReply && '：'}
          <RichText text={c.content} />
        </p>
        <Meta>
          <Time at={c.ctime} />
          {!archive && (
            <ActionButton type="button" onClick={() => onReply(c)}>
              回复
            </ActionButton>
          )}
          {!archive && mayDelete && (
            <ActionButton type="button" $danger onClick={() => onDelete(c)}>
              删除
            </ActionButton>
          )}
          <MoreMenu kind={reportKind} id={c.commentId} author={{ uid: c.uid, name: c.username }} viewer={ownUid} />
        </Meta>
      </Body>
    </Item>
  );
}

const Item = styled.li`
  display: flex;
  gap: 8px;
  padding: 8px 0;
  border-top: 1px solid ${(p) => p.theme.colors.border};
  &:first-child {
    border-top: 0;
  }
  > a {
    flex: none;
  }
`;
const Body = styled.div`
  min-width: 0;
  flex: 1;
  p {
    margin: 0;
    overflow-wrap: anywhere;
    line-height: 1.5;
  }
  .name {
    font-weight: 700;
  }
`;
const Meta = styled.div`
  ${metaLine}
`;
