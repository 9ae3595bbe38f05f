/**
 * One leave message: author, words, time, its replies, and the actions this viewer may take
 * (board/permissions.ts): 回复 opens an inline reply box, 删除 asks first; 更多 (举报, 拉黑) on the
 * message and each reply by someone else.
 */
import { useId, useRef, useState } from 'react';
import { Avatar, ConfirmDialog, Link, notify, RichText, styled, type LeaveMessage, type LeaveReply } from '@xiaoba/shared';
import { MoreMenu } from '../safety/MoreMenu';
import { ActionButton } from '../ui/fields';
import { itemSeparator, ItemActions, metaLine, nameAndTime } from '../ui/item';
import { spacePath } from '../ui/space-path';
import { Time } from '../ui/Time';
import { useDeleteLeaveMutation, useDeleteLeaveReplyMutation } from './board-api';
import { canDeleteLeave, canDeleteReply, canReply } from './permissions';
import { ReplyBox } from './ReplyBox';

export const DELETE_OK = '删除成功！';
export const DELETE_FAILED = '删除失败！';

export interface LeaveItemProps {
  message: LeaveMessage;
  viewer: number | undefined;
  /** After this message is deleted: its article is about to go, so focus needs a new home. */
  onDeleted(): void;
}

type Target = { kind: 'leave' } | { kind: 'reply'; reply: LeaveReply };

export function LeaveItem({ message: m, viewer, onDeleted }: LeaveItemProps) {
  const id = useId();
  const [replying, setReplying] = useState(false);
  const [target, setTarget] = useState<Target | null>(null);
  const [deleteLeave, { isLoading: deletingLeave }] = useDeleteLeaveMutation();
  const [deleteReply, { isLoading: deletingReply }] = useDeleteLeaveReplyMutation();
  const replyButtonRef = useRef<HTMLButtonElement>(null);
  const fuid = m.fuid;

  const confirm = async () => {
    if (!target) return;
    try {
      if (target.kind === 'leave') await deleteLeave({ leaveId: m.id, fuid }).unwrap();
      else await deleteReply({ id: target.reply.id, leaveId: m.id, fuid }).unwrap();
      notify.success(DELETE_OK);
      setTarget(null);
      if (target.kind === 'leave') onDeleted();
    } catch {
      notify.error(DELETE_FAILED);
      setTarget(null);
    }
  };

  const closeReply = () => {
    setReplying(false);
    replyButtonRef.current?.focus();
  };

  return (
    <Article aria-labelledby={`${id}name`}>
      <Link to={spacePath(m.uid, viewer)} tabIndex={-1} aria-hidden="true" className="avatar">
        <Avatar uid={m.uid} face={m.face} avatar={m.avatar} name={m.username} size={44} />
      </Link>
      <Body>
        <Head>
          <Link id={`${id}name`} to={spacePath(m.uid, viewer)} className="name">
            {m.username}
          </Link>
          <Time at={m.ctime} className="time" />
        </Head>
        <Text>
          <RichText text={m.content} />
        </Text>
        <ItemActions>
          {canReply(viewer, m) && (
            <ActionButton
              ref={replyButtonRef}
              type="button"
              aria-expanded={replying}
              aria-controls={replying ? `${id}reply` : undefined}
              onClick={() => setReplying((r) => !r)}
            >
              回复
            </ActionButton>
          )}
          {canDeleteLeave(viewer, m) && (
            <ActionButton type="button" $danger onClick={() => setTarget({ kind: 'leave' })}>
              删除
            </ActionButton>
          )}
          <MoreMenu kind="leave" id={m.id} author={{ uid: m.uid, name: m.username }} viewer={viewer} />
        </ItemActions>
        {m.replies.length > 0 && (
          <Replies aria-label={`${m.username}的留言的回复`}>
            {m.replies.map((r) => (
              <li key={r.id}>
                <p>
                  <Link to={spacePath(r.uid, viewer)} className="name">
                    {r.username}
                  </Link>
                  {'：'}
                  <RichText text={r.content} />
                </p>
                <div className="meta">
                  <Time at={r.ctime} />
                  {canDeleteReply(viewer, fuid, r) && (
                    <ActionButton type="button" $danger aria-label={`删除${r.username}的回复`} onClick={() => setTarget({ kind: 'reply', reply: r })}>
                      删除
                    </ActionButton>
                  )}
                  <MoreMenu kind="leaveReply" id={r.id} author={{ uid: r.uid, name: r.username }} viewer={viewer} />
                </div>
              </li>
            ))}
          </Replies>
        )}
        {replying && <ReplyBox id={`${id}reply`} leaveId={m.id} fuid={fuid} to={m.username} onClose={closeReply} />}
      </Body>
      <ConfirmDialog
        open={target !== null}
        title={target?.kind === 'reply' ? '删除回复' : '删除留言'}
        message={target?.kind === 'reply' ? '确定要删除这条回复吗？' : '确定要删除这条留言吗？'}
        confirmLabel="删除"
        busy={deletingLeave || deletingReply}
        onConfirm={() => void confirm()}
        onCancel={() => setTarget(null)}
      />
    </Article>
  );
}

const Article = styled.article`
  display: flex;
  gap: 10px;
  ${itemSeparator}
  .avatar {
    flex: none;
  }
`;
const Body = styled.div`
  flex: 1;
  min-width: 0;
`;
const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  gap: 4px 10px;
  ${nameAndTime}
`;
const Text = styled.p`
  margin: 6px 0 0;
  line-height: 1.6;
  overflow-wrap: anywhere;
`;
const Replies = styled.ul`
  margin: 6px 0 0;
  padding: 6px 10px;
  list-style: none;
  border-left: 3px solid ${(p) => p.theme.colors.border};
  li {
    padding: 4px 0;
  }
  p {
    margin: 0;
    line-height: 1.5;
    overflow-wrap: anywhere;
  }
  .name {
    font-weight: 700;
  }
  .meta {
    ${metaLine}
  }
`;
