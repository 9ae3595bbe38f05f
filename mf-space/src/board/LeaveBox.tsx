/**
 * The message box at the top of a board (spec section 5: non-empty, at most 233 with the input
 * truncated): emoji, a counter, and a draft kept per board until the message is sent.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { AddLeaveSchema, Button, charCount, EmojiPicker, firstError, notify, styled, TEXT_MAX, type ApiError } from '@xiaoba/shared';
import { Counter, FieldError, FieldLabel, Row, TextArea } from '../ui/fields';
import { truncate } from '../ui/truncate';
import { useEmojiInsert } from '../ui/useEmojiInsert';
import { useAddLeaveMutation } from './board-api';
import { loadLeaveDraft, saveLeaveDraft } from './draft';

export const LEAVE_OK = '留言成功!';

export function LeaveBox({ fuid, writer, onPosted }: { fuid: number; writer: number; onPosted(): void }) {
  const id = useId();
  const [text, setTextState] = useState(() => loadLeaveDraft(writer, fuid));
  const [error, setError] = useState<string | null>(null);
  const [addLeave, { isLoading: sending }] = useAddLeaveMutation();
  const textRef = useRef<HTMLTextAreaElement>(null);

  const setText = (value: string) => {
    const next = truncate(value, TEXT_MAX);
    setTextState(next);
    saveLeaveDraft(writer, fuid, next);
    if (error) setError(null);
  };
  const insertEmoji = useEmojiInsert(textRef, text, setText, TEXT_MAX);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (sending) return;
    const problem = firstError(AddLeaveSchema, { content: text, fuid });
    if (problem) {
      setError(problem);
      textRef.current?.focus();
      return;
    }
    try {
      await addLeave({ content: text, fuid }).unwrap();
      notify.success(LEAVE_OK);
      setTextState('');
      saveLeaveDraft(writer, fuid, '');
      onPosted();
    } catch (err) {
      // The words stay in the box and in the draft.
      notify.error((err as ApiError).message || '留言失败');
    }
  };

  return (
    <Form onSubmit={submit} noValidate>
      <FieldLabel htmlFor={`${id}text`}>留言</FieldLabel>
      <TextArea
        ref={textRef}
        id={`${id}text`}
        value={text}
        rows={3}
        aria-describedby={`${id}count${error ? ` ${id}error` : ''}`}
        aria-invalid={error ? true : undefined}
        onChange={(e) => setText(e.currentTarget.value)}
      />
      {error && (
        <FieldError id={`${id}error`} role="alert">
          {error}
        </FieldError>
      )}
      <Tools>
        <EmojiPicker onPick={insertEmoji} />
        <Counter id={`${id}count`}>
          {charCount(text)}/{TEXT_MAX}
        </Counter>
        <Send type="submit" aria-busy={sending || undefined}>
          {sending ? '发送中…' : '发表留言'}
        </Send>
      </Tools>
    </Form>
  );
}

const Form = styled.form`
  margin: 0 0 14px;
`;
const Tools = styled(Row)`
  margin-top: 8px;
`;
const Send = styled(Button)`
  margin-left: auto;
`;
