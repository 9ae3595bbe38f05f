/** The inline reply box under a leave message (回复内容不能为空, at most 233, truncated as typed). */
import { useEffect, useId, useRef, useState, type SubmitEvent, type KeyboardEvent } from 'react';
import { AddLeaveReplySchema, Button, firstError, notify, styled, TEXT_MAX, TextBox, TextCount, truncateText, type ApiError } from '@xiaoba/shared';
import { ActionButton, Row } from '../ui/fields';
import { useAddLeaveReplyMutation } from './board-api';

export const REPLY_OK = '回复成功';

export interface ReplyBoxProps {
  id: string;
  leaveId: number;
  fuid: number;
  /** Whom the reply answers, for the label. */
  to: string;
  onClose(sent: boolean): void;
}

export function ReplyBox({ id, leaveId, fuid, to, onClose }: ReplyBoxProps) {
  const fieldId = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [addReply, { isLoading: sending }] = useAddLeaveReplyMutation();
  const textRef = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    textRef.current?.focus();
  }, []);

  const submit = async (e: SubmitEvent) => {
    e.preventDefault();
    if (sending) return;
    const problem = firstError(AddLeaveReplySchema, { content: text, leaveId });
    if (problem) {
      setError(problem);
      textRef.current?.focus();
      return;
    }
    try {
      await addReply({ content: text, leaveId, fuid }).unwrap();
      notify.success(REPLY_OK);
      onClose(true);
    } catch (err) {
      // A write the owner does not allow stays said under the box, with the words kept.
      const e = err as ApiError;
      if (e.status === 403 && e.message) setError(e.message);
      else notify.error(e.message || '回复失败');
    }
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      onClose(false);
    }
  };

  return (
    <Form id={id} onSubmit={submit} onKeyDown={onKeyDown} noValidate>
      <TextBox
        ref={textRef}
        id={fieldId}
        label={`回复${to}`}
        value={text}
        rows={2}
        error={error}
        onChange={(value) => {
          setText(truncateText(value, TEXT_MAX));
          if (error) setError(null);
        }}
      />
      <Tools>
        <TextCount id={fieldId} value={text} max={TEXT_MAX} />
        <ActionButton type="button" onClick={() => onClose(false)}>
          取消
        </ActionButton>
        <Send type="submit" aria-busy={sending || undefined}>
          {sending ? '发送中…' : '发送回复'}
        </Send>
      </Tools>
    </Form>
  );
}

const Form = styled.form`
  margin: 8px 0 0;
`;
const Tools = styled(Row)`
  margin-top: 6px;
  justify-content: flex-end;
`;
const Send = styled(Button)`
  min-height: 34px;
  padding: 4px 14px;
`;
