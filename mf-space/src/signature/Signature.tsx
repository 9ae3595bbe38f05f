/**
 * A space's big (大签名档) or small (签名档) signature. In the own space it is a
 * button that turns into an input: typing past the limit is cut and explained, blur or Enter saves,
 * Escape cancels, unchanged text sends nothing, and empty saves '' (shown as the default). The new
 * text shows at once while it saves; a failure says 签名档更新失败！ and the old text comes back.
 * In another's space, and in an archive, it is plain text. Never HTML: React writes it as a text node.
 */
import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import {
  authActions,
  BIG_SIGNATURE_MAX,
  BIG_SIGNATURE_TOO_LONG,
  charCount,
  checkSignature,
  css,
  DEFAULT_SMALL_SIGNATURE,
  notify,
  SMALL_SIGNATURE_MAX,
  SMALL_SIGNATURE_TOO_LONG,
  styled,
  TERRITORY_WORD,
  truncateText,
  useAppDispatch,
  useArchiveMode,
} from '@xiaoba/shared';
import type { SpaceOwner } from '../frame/owner';
import { focusRing } from '../ui/controls';
import { useUpdateBigSignatureMutation, useUpdateSmallSignatureMutation } from './signature-api';

export type SignatureKind = 'big' | 'small';

export const SIGNATURE_FAILED = '签名档更新失败！';

const RULES = {
  big: { label: '大签名档', max: BIG_SIGNATURE_MAX, tooLong: BIG_SIGNATURE_TOO_LONG },
  small: { label: '签名档', max: SMALL_SIGNATURE_MAX, tooLong: SMALL_SIGNATURE_TOO_LONG },
} as const;

const fallbackOf = (kind: SignatureKind, owner: SpaceOwner) => (kind === 'big' ? `${owner.name}${TERRITORY_WORD}` : DEFAULT_SMALL_SIGNATURE);

export function Signature({ kind, owner }: { kind: SignatureKind; owner: SpaceOwner }) {
  const shown = kind === 'big' ? owner.bigSignature : owner.smallSignature;
  const archive = useArchiveMode();
  if (!owner.own || archive) {
    return (
      <Line $kind={kind}>
        <span className="visually-hidden">{RULES[kind].label}：</span>
        {shown}
      </Line>
    );
  }
  return <EditableSignature kind={kind} owner={owner} shown={shown} />;
}

function EditableSignature({ kind, owner, shown }: { kind: SignatureKind; owner: SpaceOwner; shown: string }) {
  const { label, max, tooLong } = RULES[kind];
  const id = useId();
  const dispatch = useAppDispatch();
  const [updateBig] = useUpdateBigSignatureMutation();
  const [updateSmall] = useUpdateSmallSignatureMutation();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const [refused, setRefused] = useState(false);
  /** The text being saved, shown instead of the stored one until the answer comes. */
  const [saving, setSaving] = useState<string | null>(null);
  // Enter and Escape close the input, which may then report a blur: only the first close counts.
  const open = useRef(false);
  const refocus = useRef<'button' | 'input' | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const stored = kind === 'big' ? owner.qm : owner.qianming;

  useLayoutEffect(() => {
    if (refocus.current === 'input') inputRef.current?.select();
    if (refocus.current === 'input') inputRef.current?.focus();
    if (refocus.current === 'button') buttonRef.current?.focus();
    refocus.current = null;
  });

  const start = () => {
    open.current = true;
    refocus.current = 'input';
    setDraft(saving ?? stored);
    setRefused(false);
    setEditing(true);
  };

  const change = (value: string) => {
    const over = charCount(value) > max;
    setRefused(over);
    setDraft(over ? truncateText(value, max) : value);
  };

  const close = async (save: boolean, backToButton: boolean) => {
    if (!open.current) return;
    open.current = false;
    if (backToButton) refocus.current = 'button';
    setEditing(false);
    setRefused(false);
    // The server's own cleaning (tags stripped, ends trimmed), so what shows at once is what it stores.
    const checked = checkSignature(kind, draft);
    const next = checked.ok ? checked.value : draft.trim();
    if (!save || next === stored.trim()) return;
    setSaving(next);
    try {
      const res = await (kind === 'big' ? updateBig(next) : updateSmall(next)).unwrap();
      const data = res.data as { qm?: unknown; qianming?: unknown } | undefined;
      const saved = kind === 'big' ? data?.qm : data?.qianming;
      const value = typeof saved === 'string' ? saved : next;
      dispatch(authActions.userPatched(kind === 'big' ? { qm: value } : { qianming: value }));
    } catch {
      notify.error(SIGNATURE_FAILED);
    } finally {
      setSaving(null);
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      void close(true, true);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      void close(false, true);
    }
  };

  if (editing) {
    return (
      <Editor>
        <label htmlFor={`${id}input`} className="visually-hidden">
          {label}
        </label>
        <Input
          ref={inputRef}
          id={`${id}input`}
          $kind={kind}
          value={draft}
          placeholder={fallbackOf(kind, owner)}
          autoComplete="off"
          enterKeyHint="done"
          aria-describedby={`${id}hint${refused ? ` ${id}error` : ''}`}
          aria-invalid={refused || undefined}
          onChange={(e) => change(e.currentTarget.value)}
          onKeyDown={onKeyDown}
          onBlur={() => void close(true, false)}
        />
        <Hint id={`${id}hint`}>
          {charCount(draft)}/{max}，回车保存，Esc取消
        </Hint>
        {refused && (
          <Refused id={`${id}error`} role="alert">
            {tooLong}
          </Refused>
        )}
      </Editor>
    );
  }

  const text = saving === null ? shown : saving || fallbackOf(kind, owner);
  return (
    <Line $kind={kind} as="div">
      {/* The name holds the visible text (label in name) plus what the button is and does. */}
      <EditButton
        ref={buttonRef}
        type="button"
        $kind={kind}
        aria-label={`${label}：${text}（点击修改）`}
        aria-busy={saving !== null || undefined}
        onClick={start}
      >
        {text}
      </EditButton>
    </Line>
  );
}

const kindText = css<{ $kind: SignatureKind }>`
  font-size: ${(p) => (p.$kind === 'big' ? '18px' : '14px')};
  font-weight: ${(p) => (p.$kind === 'big' ? 700 : 400)};
  color: ${(p) => (p.$kind === 'big' ? p.theme.colors.link : p.theme.colors.muted)};
`;

const Line = styled.p<{ $kind: SignatureKind }>`
  margin: 4px 0 0;
  ${kindText}
  overflow-wrap: anywhere;
`;
const EditButton = styled.button<{ $kind: SignatureKind }>`
  display: block;
  width: 100%;
  min-height: 32px;
  padding: 3px 6px;
  margin-left: -6px;
  border: 1px dashed transparent;
  border-radius: 6px;
  background: transparent;
  text-align: left;
  font-family: inherit;
  ${kindText}
  overflow-wrap: anywhere;
  cursor: text;
  &:hover {
    border-color: ${(p) => p.theme.colors.border};
  }
  ${focusRing}
  &[aria-busy='true'] {
    opacity: 0.75;
  }
`;
const Editor = styled.div`
  margin: 4px 0 0;
`;
const Input = styled.input<{ $kind: SignatureKind }>`
  box-sizing: border-box;
  width: 100%;
  min-height: 34px;
  padding: 4px 8px;
  border: 1px solid ${(p) => p.theme.colors.primary};
  border-radius: 6px;
  background: ${(p) => p.theme.colors.panel};
  color: ${(p) => p.theme.colors.text};
  font-family: inherit;
  font-size: ${(p) => (p.$kind === 'big' ? '17px' : '14px')};
  ${focusRing}
`;
const Hint = styled.span`
  display: block;
  margin-top: 2px;
  color: ${(p) => p.theme.colors.muted};
  font-size: 12px;
`;
const Refused = styled.p`
  margin: 2px 0 0;
  color: ${(p) => p.theme.colors.danger};
  font-size: 13px;
`;
