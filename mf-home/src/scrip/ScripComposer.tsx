/**
 * The reply box of a conversation: shared's writing box cut to SCRIP_MAX characters as it is
 * typed, the emoji packs, the counter, 发送 (or Ctrl+Enter). An empty note is refused here with
 * the contract's words; whatever the server refuses (a closed inbox, too fast, the same words
 * again, a freeze) is said under the box in its own words, and the words stay.
 */
import { useId, useRef, useState, type KeyboardEvent, type SubmitEvent } from 'react';
import {
  Button,
  EmojiPicker,
  firstError,
  SCRIP_MAX,
  SendScripSchema,
  styled,
  TextBox,
  TextCount,
  truncateText,
  useEmojiInsert,
  useSendScripMutation,
  type ApiError,
} from '@xiaoba/shared';

export const SEND_FAILED = '发送失败，请稍后再试';

export interface ScripComposerProps {
  /** The other user. */
  uid: number;
  name: string;
  /** Called once a note is sent (the conversation is read again by the send's tags). */
  onSent(): void;
}

export function ScripComposer({ uid, name, onSent }: ScripComposerProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [send, { isLoading: sending }] = useSendScripMutation();
  const textRef = useRef<HTMLTextAreaElement>(null);

  const change = (value: string) => {
    setText(truncateText(value, SCRIP_MAX));
    if (error) setError(null);
  };
  const insertEmoji = useEmojiInsert(textRef, text, change, SCRIP_MAX);

  const submit = async (e?: SubmitEvent) => {
    e?.preventDefault();
    if (sending) return;
    const problem = firstError(SendScripSchema, { toUid: uid, content: text });
    if (problem) {
      setError(problem);
      textRef.current?.focus();
      return;
    }
    try {
      await send({ toUid: uid, content: text }).unwrap();
      setText('');
      onSent();
    } catch (err) {
      setError((err as ApiError).message || SEND_FAILED);
    }
    textRef.current?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      void submit();
    }
  };

  return (
    <Form onSubmit={submit} noValidate>
      <TextBox ref={textRef} id={id} label={`写给${name}的小纸条`} value={text} rows={3} error={error} onChange={change} onKeyDown={onKeyDown} />
      <Tools>
        <EmojiPicker onPick={insertEmoji} />
        <TextCount id={id} value={text} max={SCRIP_MAX} />
        <span className="hint">Ctrl+Enter 发送</span>
        <Send type="submit" aria-busy={sending || undefined}>
          {sending ? '发送中…' : '发送'}
        </Send>
      </Tools>
    </Form>
  );
}

const Form = styled.form`
  margin-top: 12px;
`;
const Tools = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
  margin-top: 8px;
  .hint {
    font-size: 13px;
    color: ${(p) => p.theme.colors.muted};
  }
`;
const Send = styled(Button)`
  margin-left: auto;
  min-height: 34px;
  padding: 4px 18px;
`;
