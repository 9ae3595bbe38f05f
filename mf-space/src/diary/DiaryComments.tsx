/**
 * The comments of a 日志 entry, oldest first, DIARY_COMMENT_PAGE_SIZE a page, each with 回复,
 * 删除 (its author, or the entry's owner) and 更多 (举报, 拉黑); then the comment box, which keeps an
 * unsent comment as a draft. Signed out, the box is replaced by a line saying why; in an archive
 * nothing is written. A refusal (a block, a frozen account, the owner's choice) is said under the
 * box with the words kept.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { firstError, Link, notify, Pager, selectUser, styled, useAppSelector, useArchiveMode, type ApiError, useListPage } from '@xiaoba/shared';
import { AddDiaryCommentSchema, DIARY_MSG, type Diary, type DiaryComment } from '@xiaoba/shared/space-features';
import { useAddDiaryCommentMutation, useDeleteDiaryCommentMutation, useDiaryCommentsQuery } from './diary-api';
import { CommentBox } from '../comments/CommentBox';
import { CommentItem } from '../comments/CommentItem';
import { useReplyMode } from '../comments/useReplyMode';
import { draftKey, loadDraft, saveDraft } from './draft';
import { DeleteCommentDialog } from '../comments/DeleteCommentDialog';
import { loadNote } from '../ui/LoadNote';

export function DiaryComments({ entry }: { entry: Diary }) {
  const id = useId();
  const { diaryId } = entry;
  const viewer = useAppSelector(selectUser)?.uid;
  const archive = useArchiveMode();
  const { page, setPage, fit, headingRef } = useListPage();
  const { data, isLoading, isError, refetch } = useDiaryCommentsQuery({ diaryId, page });
  fit(data?.pages);
  const [addComment, { isLoading: sending }] = useAddDiaryCommentMutation();
  const [deleteComment, { isLoading: deleting }] = useDeleteDiaryCommentMutation();
  const reply = useReplyMode();
  const textRef = useRef<HTMLTextAreaElement>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<DiaryComment | null>(null);
  const key = viewer === undefined ? null : draftKey(viewer, `comment:${diaryId}`);

  // The unsent comment comes back once the page is live (reply mode's setter is a new function every render).
  const setText = useRef(reply.setText);
  setText.current = reply.setText;
  useEffect(() => {
    const kept = key ? loadDraft<string>(key) : null;
    if (typeof kept === 'string' && kept) setText.current(kept);
  }, [key]);
  useEffect(() => {
    if (key) saveDraft(key, reply.text || null);
  }, [key, reply.text]);

  const startReply = (c: DiaryComment) => {
    reply.reply({ commentId: c.commentId, uid: c.uid, name: c.username });
    setMessage(null);
    textRef.current?.focus();
  };

  const send = async () => {
    if (sending) return;
    const body = { diaryId, content: reply.content.trim(), replyCommentId: reply.target?.commentId ?? 0, replyUid: reply.target?.uid ?? 0 };
    const problem = firstError(AddDiaryCommentSchema, body);
    if (problem) return setMessage(problem);
    try {
      await addComment(body).unwrap();
      notify.success(DIARY_MSG.commented);
      reply.reset();
      // The new comment is the last: show the last page.
      if (data) setPage(Math.max(1, Math.ceil((data.total + 1) / data.size)));
    } catch (err) {
      const e = err as ApiError;
      if (e.status !== null && e.status >= 400 && e.status < 500 && e.message) return setMessage(e.message);
      notify.error('评论失败');
    }
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await deleteComment({ commentId: toDelete.commentId, diaryId }).unwrap();
      notify.success(DIARY_MSG.deleted);
    } catch (err) {
      notify.error((err as ApiError).message || '删除失败');
    }
    setToDelete(null);
    headingRef.current?.focus();
  };

  const records = data?.records ?? [];
  return (
    <Area aria-labelledby={`${id}title`}>
      <h3 id={`${id}title`} ref={headingRef} tabIndex={-1}>
        评论（{data?.total ?? entry.commentCount}）
      </h3>
      {loadNote({ loading: isLoading, failed: isError && !data, words: { loading: '评论加载中…', failed: '评论加载失败' }, onRetry: refetch }) ??
        (records.length === 0 ? (
          <Note>还没有评论，快来抢沙发吧</Note>
        ) : (
          <List aria-label="评论列表">
            {records.map((c) => (
              <CommentItem
                key={c.commentId}
                comment={c}
                ownUid={viewer}
                moderatorUid={entry.uid}
                reportKind="diary_comment"
                onReply={startReply}
                onDelete={setToDelete}
              />
            ))}
          </List>
        ))}
      <Pager page={page} pages={data?.pages ?? 0} onChange={setPage} label="评论分页" />
      {archive ? null : viewer === undefined ? (
        <Note>
          <Link to="/login">登录</Link>后才能评论
        </Note>
      ) : (
        <CommentBox reply={reply} textRef={textRef} error={message} busy={sending} onSubmit={send} onEdit={() => setMessage(null)} />
      )}
      <DeleteCommentDialog open={toDelete !== null} busy={deleting} onConfirm={confirmDelete} onCancel={() => setToDelete(null)} />
    </Area>
  );
}

const Area = styled.section`
  margin-top: 18px;
  padding-top: 12px;
  border-top: 1px solid ${(p) => p.theme.colors.border};
  h3 {
    margin: 0 0 6px;
    font-size: 16px;
  }
  h3:focus {
    outline: none;
  }
`;
const List = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
`;
const Note = styled.p`
  margin: 8px 0;
  color: ${(p) => p.theme.colors.muted};
`;
