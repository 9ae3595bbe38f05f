/** The inline reply box under a leave message (回复内容不能为空, at most 233, truncated as typed). */
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { AddLeaveReplySchema, Button, charCount, firstError, notify, styled, TEXT_MAX, type ApiError } from '@xiaoba/shared';
import { ActionButton, Counter, FieldError, FieldLabel, Row, TextArea } from '../ui/fields';
import { truncate } from '../ui/truncate';
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

  const submit = async (e: FormEvent) => {
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
      notify.error((err as ApiError).message || '回复失败');
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
      <FieldLabel htmlFor={`${fieldId}text`}>回复{to}</FieldLabel>
      <TextArea
        ref={textRef}
        id={`${fieldId}text`}
        value={text}
        rows={2}
        aria-describedby={`${fieldId}count${error ? ` ${fieldId}error` : ''}`}
        aria-invalid={error ? true : undefined}
        onChange={(e) => {
          setText(truncate(e.currentTarget.value, TEXT_MAX));
          if (error) setError(null);
        }}
      />
      {error && (
        <FieldError id={`${fieldId}error`} role="alert">
          {error}
        </FieldError>
      )}
      <Tools>
        <Counter id={`${fieldId}count`}>
          {charCount(text)}/{TEXT_MAX}
        </Counter>
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
