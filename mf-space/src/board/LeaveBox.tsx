/**
 * The message box at the top of a board (non-empty, at most 233 with the input
 * truncated): emoji, a counter, and a draft kept per board until the message is sent.
 */
import { useId, useRef, useState, type SubmitEvent } from 'react';
import {
  AddLeaveSchema,
  Button,
  EmojiPicker,
  firstError,
  notify,
  styled,
  TEXT_MAX,
  TextBox,
  TextCount,
  truncateText,
  useEmojiInsert,
  type ApiError,
} from '@xiaoba/shared';
import { Row } from '../ui/fields';
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
    const next = truncateText(value, TEXT_MAX);
    setTextState(next);
    saveLeaveDraft(writer, fuid, next);
    if (error) setError(null);
  };
  const insertEmoji = useEmojiInsert(textRef, text, setText, TEXT_MAX);

  const submit = async (e: SubmitEvent) => {
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
      // The words stay in the box and in the draft. A write the owner does not allow (blocked,
      // privacy, frozen) stays said under the box; other failures pass as a toast.
      const e = err as ApiError;
      if (e.status === 403 && e.message) setError(e.message);
      else notify.error(e.message || '留言失败');
    }
  };

  return (
    <Form onSubmit={submit} noValidate>
      <TextBox ref={textRef} id={id} label="留言" value={text} rows={3} error={error} onChange={setText} />
      <Tools>
        <EmojiPicker onPick={insertEmoji} />
        <TextCount id={id} value={text} max={TEXT_MAX} />
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
