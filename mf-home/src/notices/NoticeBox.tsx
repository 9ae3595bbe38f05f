/**
 * A notice box of /home (回复我的, 新粉丝): a disclosure button carrying the unread count, re-read
 * by the caller when the live stream says so, else every NOTICES_POLL_MS while the page is visible; opening it lists the newest notices and
 * clears them up to the newest shown (one arriving meanwhile stays counted). The notices that were
 * new keep their 新 mark while the list is read.
 */
import { useEffect, useId, useState, type ReactNode } from 'react';
import { styled } from '@xiaoba/shared';
import { Retry } from '../ui';

interface Notices<R> {
  count: number;
  records: R[];
}

export interface NoticeBoxProps<R extends { unread: boolean }> {
  /** The box's title, also its list's and region's name. */
  title: string;
  /** The button's accessible name: says how many are new. */
  label: (count: number) => string;
  /** The box's RTK Query result, polled by the caller. */
  query: { data?: Notices<R>; isLoading: boolean; isError: boolean; refetch: () => unknown };
  /** Marks read the notices up to `upTo`. */
  clear: (arg: { upTo: number }) => unknown;
  /** A notice's key, kept as "was new" once shown. */
  idOf: (notice: R) => number;
  /** What `clear` takes for a notice (the newest shown is sent). */
  upToOf: (notice: R) => number;
  /** Said, with a retry, when the list cannot be read. */
  failed: string;
  empty: string;
  item: (notice: R, isNew: boolean) => ReactNode;
}

export function NoticeBox<R extends { unread: boolean }>({ title, label, query, clear, idOf, upToOf, failed, empty, item }: NoticeBoxProps<R>) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  // Notices that were unread when the list showed them: still marked 新 after the clear.
  const [seenNew, setSeenNew] = useState<ReadonlySet<number>>(() => new Set());
  const { data, isLoading, isError, refetch } = query;
  const count = data?.count ?? 0;
  const records = data?.records ?? [];
  const upTo = records.reduce((max, r) => Math.max(max, upToOf(r)), 0);

  // Opening the list (or new notices arriving while it is open) reads them, up to the newest shown.
  useEffect(() => {
    if (!open || count === 0 || upTo === 0) return;
    setSeenNew((prev) => new Set([...prev, ...records.filter((r) => r.unread).map(idOf)]));
    void clear({ upTo });
    // Not `records` (each poll brings a new array, and the same notices must not be cleared twice),
    // nor the caller's inline functions.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, count, upTo]);

  return (
    <Section aria-label={title}>
      <Toggle type="button" aria-expanded={open} aria-controls={listId} aria-label={label(count)} onClick={() => setOpen((o) => !o)}>
        <span aria-hidden="true" className="arrow">
          {open ? '▾' : '▸'}
        </span>
        {title}
        {count > 0 && <Badge> ({count})</Badge>}
      </Toggle>
      <div id={listId} hidden={!open}>
        {isLoading ? (
          <Note>正在加载…</Note>
        ) : isError && !data ? (
          <Note>
            {failed} <Retry onClick={refetch} />
          </Note>
        ) : records.length === 0 ? (
          <Note>{empty}</Note>
        ) : (
          <List aria-label={title}>{records.map((r) => item(r, r.unread || seenNew.has(idOf(r))))}</List>
        )}
      </div>
    </Section>
  );
}

const Section = styled.section`
  margin-top: 18px;
  border-top: 1px solid ${(p) => p.theme.colors.border};
  padding-top: 12px;
`;
const Toggle = styled.button`
  display: inline-block;
  padding: 6px 12px;
  border-radius: 16px;
  border: 1px solid ${(p) => p.theme.colors.border};
  background: ${(p) => p.theme.colors.panel};
  color: ${(p) => p.theme.colors.text};
  font: inherit;
  font-size: 16px;
  font-weight: 700;
  cursor: pointer;
  .arrow {
    display: inline-block;
    width: 1.2em;
  }
  &:focus-visible {
    outline: 3px solid ${(p) => p.theme.colors.focus};
    outline-offset: 2px;
  }
`;
const Badge = styled.span`
  color: ${(p) => p.theme.colors.danger};
`;
export const New = styled.span`
  margin-left: 6px;
  padding: 0 6px;
  border-radius: 8px;
  font-size: 12px;
  background: ${(p) => p.theme.colors.danger};
  color: ${(p) => p.theme.colors.panel};
`;
const Note = styled.p`
  margin: 10px 0 0;
  color: ${(p) => p.theme.colors.muted};
`;
// A row with a button after its text (新粉丝' 回关): its text (.grow) takes the room between.
// Comments stay out of the CSS strings: those are sent as written.
const List = styled.ul`
  list-style: none;
  margin: 8px 0 0;
  padding: 0;
  li {
    display: flex;
    gap: 10px;
    padding: 10px 0;
    border-top: 1px solid ${(p) => p.theme.colors.border};
  }
  li:first-child {
    border-top: 0;
  }
  li > div {
    min-width: 0;
  }
  li > .grow {
    flex: 1;
  }
  li > button {
    align-self: center;
  }
  p {
    margin: 0;
    overflow-wrap: anywhere;
  }
  .name {
    font-weight: 700;
  }
  .content {
    margin: 4px 0;
    line-height: 1.6;
  }
  .meta {
    font-size: 13px;
    color: ${(p) => p.theme.colors.muted};
  }
  .meta img {
    width: 18px;
    height: 18px;
  }
  .meta time {
    margin-left: 8px;
  }
`;
