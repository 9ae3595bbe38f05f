/**
 * A conversation's notes like a chat: oldest at the top, one's own on the right in the skin's
 * colour, the other user's on the left; each says who wrote it in words (for screen readers) and
 * when. Older pages come above with 查看更早的小纸条 (or by scrolling to the top); the page keeps
 * the notes on screen where they were (useChatScroll). The box scrolls by itself, so it can be focused and
 * scrolled from the keyboard. Each note offers 删除 (for me only) and, on the other user's, 举报;
 * neither in an archive.
 */
import { useId, type RefObject } from 'react';
import { RelativeTime, RichText, styled, type Scrip } from '@xiaoba/shared';

export interface NoteLogProps {
  /** The notes, oldest first. */
  notes: readonly Scrip[];
  me: number;
  /** The other user's name. */
  name: string;
  /** The heading that names the box. */
  labelledBy: string;
  older: { has: boolean; loading: boolean; load(): void };
  /** Null in an archive: nothing can be deleted or reported. */
  actions: { remove(note: Scrip): void; report(note: Scrip): void } | null;
  box: RefObject<HTMLDivElement | null>;
  /** The reader scrolled the box (useChatScroll's onScroll). */
  onScroll(): void;
}

export const OLDER_LABEL = '查看更早的小纸条';

/** Closer than this to the top (px) while scrolling up loads the older page. */
const NEAR_TOP_PX = 8;

export function NoteLog({ notes, me, name, labelledBy, older, actions, box, onScroll: scrolled }: NoteLogProps) {
  const id = useId();

  const onScroll = () => {
    scrolled();
    const el = box.current;
    if (el && el.scrollTop < NEAR_TOP_PX && older.has && !older.loading) older.load();
  };

  return (
    <Box ref={box} role="region" aria-labelledby={labelledBy} tabIndex={0} onScroll={onScroll}>
      {older.has && (
        <Older type="button" aria-busy={older.loading || undefined} onClick={() => !older.loading && older.load()}>
          {older.loading ? '正在加载…' : OLDER_LABEL}
        </Older>
      )}
      {notes.length === 0 ? (
        <Empty>还没有小纸条。写下第一张吧。</Empty>
      ) : (
        <List>
          {notes.map((note) => {
            const mine = note.fromUid === me;
            const textId = `${id}-${note.scripId}`;
            return (
              <li key={note.scripId} className={mine ? 'mine' : 'theirs'}>
                <p className="bubble" id={textId}>
                  <span className="visually-hidden">{mine ? '我' : name}：</span>
                  <RichText text={note.content} />
                </p>
                <p className="meta">
                  <RelativeTime at={note.ctime} />
                  {actions && (
                    <>
                      <Action type="button" aria-describedby={textId} onClick={() => actions.remove(note)}>
                        删除
                      </Action>
                      {!mine && (
                        <Action type="button" aria-describedby={textId} onClick={() => actions.report(note)}>
                          举报
                        </Action>
                      )}
                    </>
                  )}
                </p>
              </li>
            );
          })}
        </List>
      )}
    </Box>
  );
}

const Box = styled.div`
  height: min(60vh, 520px);
  overflow-y: auto;
  padding: 8px 10px;
  border: 1px solid ${(p) => p.theme.colors.border};
  border-radius: 8px;
  background: ${(p) => p.theme.colors.panel};
  overscroll-behavior: contain;
`;
const Older = styled.button`
  display: block;
  margin: 4px auto 10px;
  padding: 4px 12px;
  min-height: 32px;
  border: 1px solid ${(p) => p.theme.colors.border};
  border-radius: 16px;
  background: ${(p) => p.theme.colors.panel};
  color: ${(p) => p.theme.colors.link};
  font: inherit;
  font-size: 14px;
  cursor: pointer;
`;
const Empty = styled.p`
  margin: 40px 0;
  text-align: center;
  color: ${(p) => p.theme.colors.muted};
`;
const List = styled.ol`
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    display: flex;
    flex-direction: column;
    margin: 0 0 12px;
  }
  li.mine {
    align-items: flex-end;
  }
  li.theirs {
    align-items: flex-start;
  }
  p {
    margin: 0;
  }
  .bubble {
    max-width: min(78%, 480px);
    padding: 8px 12px;
    border-radius: 12px;
    line-height: 1.6;
    overflow-wrap: anywhere;
  }
  .mine .bubble {
    border-bottom-right-radius: 4px;
    background: ${(p) => p.theme.colors.primary};
    color: ${(p) => p.theme.colors.onPrimary};
  }
  .theirs .bubble {
    border: 1px solid ${(p) => p.theme.colors.border};
    border-bottom-left-radius: 4px;
    background: ${(p) => p.theme.colors.panel};
    color: ${(p) => p.theme.colors.text};
  }
  .meta {
    display: flex;
    align-items: center;
    gap: 2px;
    margin-top: 2px;
    font-size: 12px;
    color: ${(p) => p.theme.colors.muted};
  }
  .meta time {
    margin-right: 4px;
  }
`;
const Action = styled.button`
  min-height: 28px;
  padding: 2px 6px;
  border: 0;
  border-radius: 6px;
  background: transparent;
  color: ${(p) => p.theme.colors.link};
  font: inherit;
  font-size: 13px;
  cursor: pointer;
  &:hover {
    text-decoration: underline;
  }
`;
