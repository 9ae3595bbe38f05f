/**
 * 更多: the small menu on every item by another user (a yy, a comment, a board message, a reply)
 * with 举报 and 拉黑 its author. Never on one's own items, for a signed-out viewer or in
 * an archive (where nothing is written). The WAI-ARIA menu button pattern: the button says
 * whether the menu is open; opening focuses the first item; ↑/↓/Home/End move, Escape closes and
 * Tab leaves (on from the button), and a press outside closes it. A chosen item
 * hands focus back to the button before its dialog opens, so the dialog returns it there too.
 */
import { useContext, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { ReportDialog, styled, useArchiveMode, type ReportKind } from '@xiaoba/shared';
import { SpaceOwnerContext } from '../space/owner-context';
import { ActionButton } from '../ui/fields';
import { focusRing } from '../ui/controls';
import { BlockDialog, type BlockUser } from './BlockDialog';

/** How each kind is named after its author's name: 小明的评论. */
export const KIND_WORDS: Record<ReportKind, string> = {
  yy: 'yy',
  comment: '评论',
  leave: '留言',
  leaveReply: '回复',
  user: '空间',
  scrip: '小纸条',
  diary: '日志',
  diary_comment: '评论',
  photo: '照片',
};

/** What the menu reports: every kind but a whole space. */
export type MenuKind = Exclude<ReportKind, 'user'>;

export interface MoreMenuProps {
  kind: MenuKind;
  /** The item's id (weiboId, commentId, leave id, reply id). */
  id: number;
  author: BlockUser;
  /** The signed-in user (undefined when nobody is, or nobody may write). */
  viewer: number | undefined;
}

const ITEMS = ['举报', '拉黑'] as const;
type Item = (typeof ITEMS)[number];

export function MoreMenu({ kind, id, author, viewer }: MoreMenuProps) {
  const archive = useArchiveMode();
  if (viewer === undefined || viewer === author.uid || archive) return null;
  return <Menu kind={kind} id={id} author={author} />;
}

function Menu({ kind, id, author }: Omit<MoreMenuProps, 'viewer'>) {
  const menuId = useId();
  const [open, setOpen] = useState(false);
  // Dialogs stay mounted once opened: the native dialog then hands focus back on close.
  const [chosen, setChosen] = useState<Item | null>(null);
  const [opened, setOpened] = useState<Set<Item>>(() => new Set());
  const wrapRef = useRef<HTMLSpanElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const subject = `${author.name}的${KIND_WORDS[kind]}`;
  // On the space of someone already blocked, their items offer to unblock (elsewhere it is not known).
  const space = useContext(SpaceOwnerContext);
  const blocked = space !== null && space.uid === author.uid && space.blocked;

  const focusItem = (index: number) => itemRefs.current[(index + ITEMS.length) % ITEMS.length]?.focus();

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  // Focus the first item once the menu is there.
  useEffect(() => {
    if (open) itemRefs.current[0]?.focus();
  }, [open]);

  // A press anywhere else closes the menu, leaving focus where the press put it.
  useEffect(() => {
    if (!open) return;
    const outside = (e: PointerEvent) => {
      if (!wrapRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  const onButtonKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(true);
    }
  };

  const onMenuKey = (e: KeyboardEvent) => {
    const index = itemRefs.current.findIndex((el) => el === document.activeElement);
    if (e.key === 'Escape') {
      // Only the menu closes, not a dialog or reply box around it.
      e.preventDefault();
      e.stopPropagation();
      close();
    } else if (e.key === 'Tab') {
      // Back on the button first, so Tab (or Shift+Tab) goes on from there as if the menu were not open.
      close();
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp' || e.key === 'Home' || e.key === 'End') {
      e.preventDefault();
      focusItem(e.key === 'Home' ? 0 : e.key === 'End' ? -1 : index + (e.key === 'ArrowDown' ? 1 : -1));
    }
  };

  const choose = (item: Item) => {
    close();
    setOpened((s) => new Set(s).add(item));
    setChosen(item);
  };

  return (
    <Wrap ref={wrapRef}>
      <ActionButton
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={`更多：${subject}`}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={onButtonKey}
      >
        更多
      </ActionButton>
      {open && (
        <List id={menuId} role="menu" aria-label={`对${subject}的操作`} onKeyDown={onMenuKey}>
          {ITEMS.map((item, i) => (
            <li key={item} role="none">
              <button
                ref={(el) => {
                  itemRefs.current[i] = el;
                }}
                type="button"
                role="menuitem"
                tabIndex={-1}
                onClick={() => choose(item)}
              >
                {item === '拉黑' && blocked ? '取消拉黑' : item}
              </button>
            </li>
          ))}
        </List>
      )}
      {opened.has('举报') && <ReportDialog open={chosen === '举报'} target={{ kind, id }} subject={subject} onClose={() => setChosen(null)} />}
      {opened.has('拉黑') && <BlockDialog open={chosen === '拉黑'} user={author} blocked={blocked} onClose={() => setChosen(null)} />}
    </Wrap>
  );
}

const Wrap = styled.span`
  position: relative;
  display: inline-block;
`;
const List = styled.ul`
  position: absolute;
  right: 0;
  top: 100%;
  z-index: 20;
  min-width: 120px;
  margin: 2px 0 0;
  padding: 4px;
  list-style: none;
  border: 1px solid ${(p) => p.theme.colors.border};
  border-radius: 8px;
  background: ${(p) => p.theme.colors.panel};
  box-shadow: 0 6px 20px rgba(0, 0, 0, 0.18);
  button {
    display: block;
    width: 100%;
    min-height: 34px;
    padding: 4px 10px;
    border: 0;
    border-radius: 6px;
    background: transparent;
    color: ${(p) => p.theme.colors.text};
    font: inherit;
    font-size: 14px;
    text-align: left;
    white-space: nowrap;
    cursor: pointer;
  }
  button:hover,
  button:focus {
    background: ${(p) => p.theme.colors.border};
  }
  button {
    ${focusRing}
  }
`;
