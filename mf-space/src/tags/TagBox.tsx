/**
 * The own space's tag box (local only): a 标签 disclosure button opening a
 * small panel with the tags, a remove button each, and an input to add one. It opens on click or
 * keyboard (and also on hover for mouse users: a panel opened by hover closes when the pointer
 * leaves, unless focus went inside). Escape closes it and returns focus to the button.
 */
import { useId, useRef, useState, type SubmitEvent, type KeyboardEvent } from 'react';
import { Button, FieldError, styled } from '@xiaoba/shared';
import { focusOutline, focusRing, textFieldBox } from '../ui/controls';
import { addTag, removeTag, TAG_MAX } from './tag-rules';
import { loadTags, saveTags } from './tag-storage';

export function TagBox({ uid }: { uid: number }) {
  const id = useId();
  const [tags, setTags] = useState(() => loadTags(uid));
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const byHover = useRef(false);
  const boxRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  const update = (next: string[]) => {
    setTags(next);
    saveTags(uid, next);
  };

  const add = (e: SubmitEvent) => {
    e.preventDefault();
    const result = addTag(tags, text);
    if (!result.ok) {
      setMessage(result.message);
    } else {
      update(result.tags);
      setText('');
      setMessage(null);
    }
    inputRef.current?.focus();
  };

  const remove = (tag: string) => {
    update(removeTag(tags, tag));
    setMessage(null);
    // The removed tag's button is gone: keep focus inside the panel.
    inputRef.current?.focus();
  };

  const onToggle = () => {
    if (byHover.current) {
      // Opened by the pointer a moment ago: the click means "keep it open".
      byHover.current = false;
      return;
    }
    setOpen((o) => !o);
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && open) {
      e.stopPropagation();
      byHover.current = false;
      setOpen(false);
      toggleRef.current?.focus();
    }
  };

  return (
    <Box
      ref={boxRef}
      onKeyDown={onKeyDown}
      onMouseEnter={() => {
        if (open) return;
        byHover.current = true;
        setOpen(true);
      }}
      onMouseLeave={() => {
        if (!byHover.current) return;
        byHover.current = false;
        if (!boxRef.current?.contains(document.activeElement)) setOpen(false);
      }}
    >
      <Toggle ref={toggleRef} type="button" aria-expanded={open} aria-controls={`${id}panel`} onClick={onToggle}>
        标签
        <span aria-hidden="true"> {open ? '▴' : '▾'}</span>
      </Toggle>
      <Panel id={`${id}panel`} hidden={!open}>
        {tags.length > 0 ? (
          <List aria-label="我的标签">
            {tags.map((tag) => (
              <li key={tag}>
                <span>{tag}</span>
                <Remove type="button" aria-label={`删除标签 ${tag}`} title="删除" onClick={() => remove(tag)}>
                  ×
                </Remove>
              </li>
            ))}
          </List>
        ) : (
          <Empty>还没有标签，加一个吧</Empty>
        )}
        <form onSubmit={add} noValidate>
          <label htmlFor={`${id}input`}>新标签</label>
          <Field>
            <input
              ref={inputRef}
              id={`${id}input`}
              value={text}
              maxLength={TAG_MAX * 2}
              autoComplete="off"
              enterKeyHint="done"
              aria-describedby={message ? `${id}error` : undefined}
              aria-invalid={message ? true : undefined}
              onChange={(e) => {
                setText(e.currentTarget.value);
                if (message) setMessage(null);
              }}
            />
            <AddButton type="submit">添加</AddButton>
          </Field>
          {message && (
            <FieldError id={`${id}error`} role="alert">
              {message}
            </FieldError>
          )}
        </form>
      </Panel>
    </Box>
  );
}

const Box = styled.div`
  position: relative;
  margin: 10px 0;
`;
const Toggle = styled.button`
  min-height: 34px;
  padding: 4px 12px;
  border: 1px solid ${(p) => p.theme.colors.border};
  border-radius: 16px;
  background: ${(p) => p.theme.colors.panel};
  color: ${(p) => p.theme.colors.link};
  font: inherit;
  cursor: pointer;
  &[aria-expanded='true'] {
    border-color: ${(p) => p.theme.colors.primary};
  }
  ${focusRing}
`;
const Panel = styled.div`
  margin-top: 6px;
  padding: 10px;
  border: 1px solid ${(p) => p.theme.colors.border};
  border-radius: 8px;
  background: ${(p) => p.theme.colors.panel};
  color: ${(p) => p.theme.colors.text};
  box-shadow: 0 4px 12px rgba(0, 0, 0, 0.12);
  label {
    display: block;
    margin: 8px 0 4px;
    font-size: 14px;
    font-weight: 600;
  }
  input {
    flex: 1;
    min-width: 0;
    min-height: 34px;
    padding: 4px 8px;
    ${textFieldBox}
  }
  input:focus-visible {
    ${focusOutline}
  }
`;
const List = styled.ul`
  display: flex;
  flex-wrap: wrap;
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    display: inline-flex;
    align-items: center;
    margin: 0 6px 6px 0;
    padding: 0 0 0 10px;
    border: 1px solid ${(p) => p.theme.colors.border};
    border-radius: 14px;
    font-size: 14px;
    overflow-wrap: anywhere;
  }
`;
const Remove = styled.button`
  min-width: 30px;
  min-height: 30px;
  border: 0;
  border-radius: 50%;
  background: transparent;
  color: ${(p) => p.theme.colors.danger};
  font-size: 16px;
  cursor: pointer;
  &:focus-visible {
    outline: 3px solid ${(p) => p.theme.colors.focus};
  }
`;
const Empty = styled.p`
  margin: 0;
  color: ${(p) => p.theme.colors.muted};
  font-size: 14px;
`;
const Field = styled.div`
  display: flex;
  gap: 6px;
`;
const AddButton = styled(Button)`
  min-height: 34px;
  padding: 4px 12px;
`;
