/**
 * The emoji button of a composer: opens a panel with the five packs as tabs and a grid of the open
 * pack's pictures; a pick hands the written code ('[b12]') to `onPick` and closes the panel. Only
 * the open pack's images are in the page (and they load lazily). Escape closes and returns focus
 * to the toggle; a click outside closes.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { EMOJI_PACKS, type EmojiPackCode } from '../core/constants';
import { EMOJI, emojiCode, emojiUrl } from '../core/emoji';

export interface EmojiPickerProps {
  onPick(code: string): void;
  label?: string;
}

export function EmojiPicker({ onPick, label = '表情' }: EmojiPickerProps) {
  const [open, setOpen] = useState(false);
  const [pack, setPack] = useState<EmojiPackCode>('b');
  const rootRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const tabRefs = useRef<Partial<Record<EmojiPackCode, HTMLButtonElement | null>>>({});
  const id = useId();
  const panelId = `${id}panel`;
  const tabId = (code: EmojiPackCode) => `${id}tab-${code}`;
  const gridId = `${id}grid`;

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) toggleRef.current?.focus();
  };

  // On opening, focus goes to the open pack's tab, so the arrow keys work at once.
  useEffect(() => {
    if (open) tabRefs.current[pack]?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  // A press anywhere outside the picker closes it.
  useEffect(() => {
    if (!open) return;
    const onDown = (e: Event) => {
      if (rootRef.current && e.target instanceof Node && !rootRef.current.contains(e.target)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('touchstart', onDown, { passive: true });
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('touchstart', onDown);
    };
  }, [open]);

  const onTabKey = (e: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = EMOJI_PACKS.length - 1;
    const next =
      e.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : e.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? last
              : -1;
    if (next < 0) return;
    e.preventDefault();
    const code = EMOJI_PACKS[next]!.code;
    setPack(code);
    tabRefs.current[code]?.focus();
  };

  const pick = (code: string) => {
    onPick(code);
    setOpen(false);
    // Unless onPick moved focus (e.g. back to the textarea), keep it off the removed grid.
    if (panelRef.current?.contains(document.activeElement)) toggleRef.current?.focus();
  };

  return (
    <Root
      ref={rootRef}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.preventDefault();
          e.stopPropagation();
          close(true);
        }
      }}
    >
      <Toggle ref={toggleRef} type="button" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)}>
        <img src={emojiUrl('b1')} alt="" width={20} height={20} aria-hidden="true" />
        {label}
      </Toggle>
      <Panel ref={panelRef} id={panelId} role="group" aria-label={label} hidden={!open}>
        {open && (
          <>
            <Tabs role="tablist" aria-label="表情包">
              {EMOJI_PACKS.map((p, i) => (
                <Tab
                  key={p.code}
                  ref={(el) => {
                    tabRefs.current[p.code] = el;
                  }}
                  id={tabId(p.code)}
                  type="button"
                  role="tab"
                  aria-selected={p.code === pack}
                  aria-controls={gridId}
                  tabIndex={p.code === pack ? 0 : -1}
                  onClick={() => setPack(p.code)}
                  onKeyDown={(e) => onTabKey(e, i)}
                >
                  {p.name}
                </Tab>
              ))}
            </Tabs>
            <Grid id={gridId} role="tabpanel" aria-labelledby={tabId(pack)}>
              {EMOJI.filter((e) => e.pack === pack).map((e) => (
                <Cell key={e.code} type="button" title={e.alt} onClick={() => pick(emojiCode(e.pack, e.num))}>
                  <img src={emojiUrl(e.code)} alt={e.alt} width={24} height={24} loading="lazy" decoding="async" />
                </Cell>
              ))}
            </Grid>
          </>
        )}
      </Panel>
    </Root>
  );
}

const Root = styled.div`
  position: relative;
  display: inline-block;
`;
const Toggle = styled.button`
  display: inline-flex;
  align-items: center;
  min-height: 36px;
  padding: 4px 10px;
  border-radius: 6px;
  border: 1px solid ${(p) => p.theme.colors.border};
  background: ${(p) => p.theme.colors.panel};
  color: ${(p) => p.theme.colors.link};
  cursor: pointer;
  img {
    margin-right: 4px;
  }
  &[aria-expanded='true'] {
    border-color: ${(p) => p.theme.colors.primary};
  }
  &:focus-visible {
    outline: 3px solid ${(p) => p.theme.colors.focus};
    outline-offset: 1px;
  }
`;
const Panel = styled.div`
  position: absolute;
  z-index: 20;
  top: calc(100% + 4px);
  left: 0;
  width: 320px;
  max-width: calc(100vw - 24px);
  padding: 8px;
  border: 1px solid ${(p) => p.theme.colors.border};
  border-radius: 10px;
  background: ${(p) => p.theme.colors.panel};
  color: ${(p) => p.theme.colors.text};
  box-shadow: 0 8px 24px rgba(0, 0, 0, 0.2);
  &[hidden] {
    display: none;
  }
`;
const Tabs = styled.div`
  display: flex;
  flex-wrap: wrap;
  border-bottom: 2px solid ${(p) => p.theme.colors.primary};
  margin-bottom: 6px;
`;
const Tab = styled.button`
  min-height: 32px;
  margin: 0 2px 0 0;
  padding: 4px 10px;
  border: 0;
  border-radius: 6px 6px 0 0;
  background: transparent;
  color: ${(p) => p.theme.colors.link};
  cursor: pointer;
  &[aria-selected='true'] {
    background: ${(p) => p.theme.colors.primary};
    color: ${(p) => p.theme.colors.onPrimary};
    font-weight: 700;
  }
  &:focus-visible {
    outline: 3px solid ${(p) => p.theme.colors.focus};
    outline-offset: -3px;
  }
`;
const Grid = styled.div`
  display: flex;
  flex-wrap: wrap;
  max-height: 216px;
  overflow-y: auto;
`;
const Cell = styled.button`
  width: 36px;
  height: 36px;
  margin: 1px;
  padding: 0;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  border: 1px solid transparent;
  border-radius: 6px;
  background: transparent;
  cursor: pointer;
  &:hover {
    border-color: ${(p) => p.theme.colors.border};
  }
  &:focus-visible {
    outline: 3px solid ${(p) => p.theme.colors.focus};
    outline-offset: -2px;
  }
`;
