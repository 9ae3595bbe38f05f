/** One comment: who, whom it answers, the words, when; 回复 for everyone, 删除 for its author only, 更多 (举报, 拉黑) for the others. */
import { Avatar, Link, RichText, styled, useArchiveMode, type YyComment } from '@xiaoba/shared';
import { MoreMenu } from '../safety/MoreMenu';
import { ActionButton } from '../ui/fields';
import { metaLine } from '../ui/item';
import { spacePath } from '../ui/space-path';
import { Time } from '../ui/Time';

export interface CommentItemProps {
  comment: YyComment;
  ownUid: number | undefined;
  onReply(comment: YyComment): void;
  onDelete(comment: YyComment): void;
}

export function CommentItem({ comment: c, ownUid, onReply, onDelete }: CommentItemProps) {
  const isReply = c.replyCommentId > 0 && c.replyUid > 0;
  const archive = useArchiveMode();
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
          {!archive && ownUid !== undefined && c.uid === ownUid && (
            <ActionButton type="button" $danger onClick={() => onDelete(c)}>
              删除
            </ActionButton>
          )}
          <MoreMenu kind="comment" id={c.commentId} author={{ uid: c.uid, name: c.username }} viewer={ownUid} />
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
