/** The comment box under a yy: labelled 评论, counter to 233, emoji, and 取消回复 in reply mode. */
import { useId, type SubmitEvent, type RefObject } from 'react';
import { Button, COMMENT_MAX, EmojiPicker, styled, TextBox, TextCount, useEmojiInsert } from '@xiaoba/shared';
import { ActionButton, Row } from '../ui/fields';
import type { useReplyMode } from './useReplyMode';

export interface CommentBoxProps {
  reply: ReturnType<typeof useReplyMode>;
  textRef: RefObject<HTMLTextAreaElement | null>;
  error: string | null;
  busy: boolean;
  onSubmit(): void;
  onEdit(): void;
}

export function CommentBox({ reply, textRef, error, busy, onSubmit, onEdit }: CommentBoxProps) {
  const id = useId();
  const setText = (value: string) => {
    reply.setText(value);
    onEdit();
  };
  const insertEmoji = useEmojiInsert(textRef, reply.text, setText, reply.max);
  const submit = (e: SubmitEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <Form onSubmit={submit} noValidate>
      <TextBox ref={textRef} id={id} label="评论" value={reply.text} rows={2} error={error} onChange={setText} />
      <Tools>
        <EmojiPicker onPick={insertEmoji} />
        {reply.target && (
          <ActionButton type="button" onClick={reply.cancelReply}>
            取消回复
          </ActionButton>
        )}
        <TextCount id={id} value={reply.count} max={COMMENT_MAX} />
        <Send type="submit" aria-busy={busy || undefined}>
          {busy ? '发送中…' : '发表评论'}
        </Send>
      </Tools>
    </Form>
  );
}

const Form = styled.form`
  margin-top: 8px;
`;
const Tools = styled(Row)`
  margin-top: 8px;
`;
const Send = styled(Button)`
  margin-left: auto;
  min-height: 34px;
  padding: 4px 14px;
`;
