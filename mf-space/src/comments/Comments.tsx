/**
 * The comments area under a yy: its comments (oldest first), the comment box with reply mode, and
 * deleting one's own comments. Rendered once opened and then only hidden, so words written in the
 * box survive closing and reopening.
 */
import { useEffect, useRef, useState } from 'react';
import { AddCommentSchema, firstError, notify, styled, useArchiveMode, type ApiError, type YyComment } from '@xiaoba/shared';
import { ActionButton } from '../ui/fields';
import { useAddCommentMutation, useDeleteCommentMutation, useGetCommentsQuery } from '../yy/yy-api';
import { CommentBox } from './CommentBox';
import { CommentItem } from './CommentItem';
import { useReplyMode } from './useReplyMode';
import { DeleteCommentDialog } from './DeleteCommentDialog';

export const COMMENTS_LOADING = '评论正在加载中，请稍后再试';

export interface CommentsProps {
  id: string;
  weiboId: number;
  ownUid: number | undefined;
  hidden: boolean;
}

export function Comments({ id, weiboId, ownUid, hidden }: CommentsProps) {
  const { data, isLoading, isError, error, refetch } = useGetCommentsQuery(weiboId);
  const [addComment, { isLoading: sending }] = useAddCommentMutation();
  const [deleteComment, { isLoading: deleting }] = useDeleteCommentMutation();
  const reply = useReplyMode();
  const archive = useArchiveMode();
  const textRef = useRef<HTMLTextAreaElement>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<YyComment | null>(null);

  const startReply = (c: YyComment) => {
    reply.reply({ commentId: c.commentId, uid: c.uid, name: c.username });
    setMessage(null);
    textRef.current?.focus();
  };

  const send = async () => {
    if (sending) return;
    const body = {
      content: reply.content.trim(),
      weiboId,
      replyCommentId: reply.target?.commentId ?? 0,
      replyUid: reply.target?.uid ?? 0,
    };
    const problem = firstError(AddCommentSchema, body);
    if (problem) return setMessage(problem);
    // No comment while the list is still loading (it would land out of order).
    if (isLoading) return setMessage(COMMENTS_LOADING);
    try {
      await addComment(body).unwrap();
      notify.success('评论成功');
      reply.reset();
    } catch (err) {
      const e = err as ApiError;
      // A write the owner does not allow (blocked, privacy, frozen) stays said under the box, with the words kept.
      if (e.status === 403 && e.message) return setMessage(e.message);
      // Limits (too fast, too many) come as a 4xx with the server's words; anything else is 评论失败.
      notify.error(e.status !== null && e.status >= 400 && e.status < 500 && e.message ? e.message : '评论失败');
    }
  };

  // After a delete, focus goes to the box once the dialog has closed (closing hands it back to
  // the 删除 button of the comment that is gone).
  const deleted = useRef(false);
  useEffect(() => {
    if (toDelete || !deleted.current) return;
    deleted.current = false;
    textRef.current?.focus();
  }, [toDelete]);

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await deleteComment({ commentId: toDelete.commentId, weiboId }).unwrap();
      notify.success('删除成功！');
      deleted.current = true;
    } catch {
      notify.error('删除失败！');
    }
    setToDelete(null);
  };

  return (
    <Area id={id} hidden={hidden} aria-label="评论区" aria-busy={isLoading || undefined}>
      {isLoading && <Note role="status">评论加载中…</Note>}
      {isError && (
        <Note role="alert">
          评论加载失败：{(error as ApiError).message}
          <ActionButton type="button" onClick={() => void refetch()}>
            重试
          </ActionButton>
        </Note>
      )}
      {data && data.length === 0 && <Note>还没有评论，快来抢沙发吧</Note>}
      {data && data.length > 0 && (
        <List>
          {data.map((c) => (
            <CommentItem key={c.commentId} comment={c} ownUid={ownUid} onReply={startReply} onDelete={setToDelete} />
          ))}
        </List>
      )}
      {!archive && <CommentBox reply={reply} textRef={textRef} error={message} busy={sending} onSubmit={send} onEdit={() => setMessage(null)} />}
      <DeleteCommentDialog open={toDelete !== null} busy={deleting} onConfirm={confirmDelete} onCancel={() => setToDelete(null)} />
    </Area>
  );
}

const Area = styled.section`
  margin-top: 8px;
  padding: 8px 12px 12px;
  border-radius: 8px;
  border: 1px solid ${(p) => p.theme.colors.border};
  background: ${(p) => p.theme.colors.panel};
`;
const List = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
`;
const Note = styled.p`
  margin: 4px 0 8px;
  color: ${(p) => p.theme.colors.text};
`;
