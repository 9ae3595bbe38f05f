/**
 * Page links of a list (a pager only when there is more than one page). Buttons,
 * not links: the lists keep their page in state. Many pages are shown compactly: the first, the
 * last and the neighbours of the current one, with ellipses between.
 */
import { useCallback, useRef, useState } from 'react';
import styled from 'styled-components';

export interface PagerProps {
  /** Current page, from 1. */
  page: number;
  pages: number;
  onChange(page: number): void;
  label?: string;
}

/**
 * The page a paged list shows, from 1. `fit(pages)`, called as the list renders with its answer's
 * page count, steps back to the new last page when the one shown emptied (a delete here or
 * elsewhere); it runs during the render, so the emptied page is never drawn. `goTo` moves to a
 * page and puts the focus on the list's heading (`headingRef`, tabIndex -1), so a keyboard or
 * screen-reader user starts at the top of what is new.
 */
export function useListPage() {
  const [page, setPage] = useState(1);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const goTo = useCallback((next: number) => {
    setPage(next);
    headingRef.current?.focus();
  }, []);
  const fit = (pages: number | undefined) => {
    if (pages !== undefined && pages > 0 && page > pages) setPage(pages);
  };
  return { page, setPage, goTo, fit, headingRef };
}

/** Page numbers to show, with 'gap' for an ellipsis; always 7 items or fewer. */
export function pageItems(page: number, pages: number): Array<number | 'gap'> {
  if (pages <= 7) return Array.from({ length: pages }, (_, i) => i + 1);
  const current = Math.min(Math.max(1, page), pages);
  if (current <= 4) return [1, 2, 3, 4, 5, 'gap', pages];
  if (current >= pages - 3) return [1, 'gap', pages - 4, pages - 3, pages - 2, pages - 1, pages];
  return [1, 'gap', current - 1, current, current + 1, 'gap', pages];
}

export function Pager({ page, pages, onChange, label = '分页' }: PagerProps) {
  if (!(pages > 1)) return null;
  const current = Math.min(Math.max(1, page), pages);
  const go = (to: number) => {
    if (to !== current && to >= 1 && to <= pages) onChange(to);
  };
  return (
    <Nav aria-label={label}>
      <ul>
        <li>
          <PageButton type="button" disabled={current <= 1} onClick={() => go(current - 1)}>
            上一页
          </PageButton>
        </li>
        {pageItems(current, pages).map((item, i) =>
          item === 'gap' ? (
            <li key={`gap${i}`} aria-hidden="true" className="gap">
              …
            </li>
          ) : (
            <li key={item}>
              <PageButton type="button" aria-label={`第${item}页`} aria-current={item === current ? 'page' : undefined} onClick={() => go(item)}>
                {item}
              </PageButton>
            </li>
          ),
        )}
        <li>
          <PageButton type="button" disabled={current >= pages} onClick={() => go(current + 1)}>
            下一页
          </PageButton>
        </li>
      </ul>
    </Nav>
  );
}

const Nav = styled.nav`
  margin: 12px 0;
  ul {
    display: flex;
    flex-wrap: wrap;
    justify-content: center;
    align-items: center;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  li {
    margin: 3px;
  }
  .gap {
    min-width: 20px;
    text-align: center;
    color: ${(p) => p.theme.colors.muted};
  }
`;

const PageButton = styled.button`
  min-width: 36px;
  min-height: 36px;
  padding: 4px 10px;
  border-radius: 6px;
  border: 1px solid ${(p) => p.theme.colors.border};
  background: ${(p) => p.theme.colors.panel};
  color: ${(p) => p.theme.colors.link};
  cursor: pointer;
  &:hover:not(:disabled) {
    border-color: ${(p) => p.theme.colors.primary};
  }
  &:focus-visible {
    outline: 3px solid ${(p) => p.theme.colors.focus};
    outline-offset: 1px;
  }
  &:disabled {
    color: ${(p) => p.theme.colors.muted};
    cursor: default;
    opacity: 0.7;
  }
  &[aria-current='page'] {
    background: ${(p) => p.theme.colors.primary};
    border-color: ${(p) => p.theme.colors.primary};
    color: ${(p) => p.theme.colors.onPrimary};
    font-weight: 700;
    cursor: default;
  }
`;
