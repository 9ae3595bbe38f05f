/** The space's address with a 复制 button; where the clipboard is unavailable (old phones, plain http) the address is selected for a manual copy. */
import { useId, useRef } from 'react';
import { notify, styled } from '@xiaoba/shared';
import { focusOutline, textFieldBox } from '../ui/controls';

export const COPIED = '已复制';
export const COPY_BY_HAND = '请长按或按 Ctrl+C 复制地址';

export function SpaceUrl({ uid }: { uid: number }) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const url = `${globalThis.location?.origin ?? ''}/${uid}`;

  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(url);
      notify.success(COPIED);
    } catch {
      inputRef.current?.focus();
      inputRef.current?.select();
      notify.info(COPY_BY_HAND);
    }
  };

  return (
    <div>
      <label htmlFor={`${id}url`}>空间地址</label>
      <Row>
        <input ref={inputRef} id={`${id}url`} value={url} readOnly onFocus={(e) => e.currentTarget.select()} />
        <button type="button" onClick={() => void copy()}>
          复制
        </button>
      </Row>
    </div>
  );
}

const Row = styled.div`
  display: flex;
  gap: 6px;
  margin-top: 4px;
  input {
    flex: 1;
    min-width: 0;
    min-height: 32px;
    padding: 3px 6px;
    ${textFieldBox}
    font-size: 13px;
  }
  button {
    min-height: 32px;
    padding: 3px 10px;
    border: 1px solid ${(p) => p.theme.colors.primary};
    border-radius: 6px;
    background: ${(p) => p.theme.colors.primary};
    color: ${(p) => p.theme.colors.onPrimary};
    font: inherit;
    font-size: 13px;
    cursor: pointer;
  }
  input:focus-visible,
  button:focus-visible {
    ${focusOutline}
  }
`;
